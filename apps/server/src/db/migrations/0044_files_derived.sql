ALTER TABLE "files" ADD COLUMN "derived" jsonb DEFAULT '[]'::jsonb NOT NULL;
