import { expect, type Page, test } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './a11y';
import { signInAs } from './session';

/** A one-page PDF whose only text is `text`, with a correct cross-reference table. */
function pdfWith(text: string): Buffer {
  const stream = `BT /F1 18 Tf 72 720 Td (${text}) Tj ET`;
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((object, index) => {
    offsets.push(body.length);
    body += `${index + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) body += `${String(offset).padStart(10, '0')} 00000 n \n`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}

const TENANT = 'Riverside Institute of Technology';

/** Works inside Riverside, as a member reaches it: the tenant's own address sets the context. */
async function inRiverside(page: Page, home: 'user/home' | 'admin-center') {
  await page.goto(`/t/institute/${encodeURIComponent(TENANT)}/${home}`);
  await expect(page.getByRole('button', { name: `Switch organisation, current: ${TENANT}` })).toBeVisible();
}

/**
 * Issue 21: a teacher uploads a PDF report to Riverside's portal with its progress bar, the portal's
 * manager approves it, and a student finds it by a word that only the PDF holds, previews and saves it.
 */
test('a member uploads a PDF, a manager approves it, another member finds it by a word inside', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const word = `heliograph${Math.random()
    .toString(36)
    .replace(/[^a-z]/g, '')
    .slice(0, 6)}`;
  const title = `Field notes ${Date.now()}`;

  const teacher = await signInAs(browser, 'teacher');
  await inRiverside(teacher, 'user/home');
  const portals = await (
    await teacher.request.get('/api/resources/collections/getCollections?portals=true')
  ).json();
  const portalId = (portals.data as { collection_id: number; name: string }[]).find(
    (portal) => portal.name === 'Riverside research portal',
  )?.collection_id;
  expect(portalId).toBeTruthy();
  await teacher.goto(`/upload-documents?portal=${portalId}`);
  await expect(teacher.getByRole('heading', { level: 1, name: 'Upload documents' })).toBeVisible();
  await teacher.getByLabel('Title').fill(title);
  await teacher.locator('input[type=file]').setInputFiles({
    name: 'field-notes.pdf',
    mimeType: 'application/pdf',
    buffer: pdfWith(`Observations of the ${word} array`),
  });
  const progress = teacher.getByRole('progressbar', { name: 'Upload of field-notes.pdf' });
  await expect(progress).toHaveAttribute('aria-valuenow', '0');
  await teacher.getByRole('button', { name: 'Submit for review' }).click();
  await expect(teacher.getByText('Uploaded')).toBeVisible();
  await expect(progress).toHaveAttribute('aria-valuenow', '100');
  await expect(
    teacher.getByRole('status').filter({ hasText: 'waiting for a manager’s approval' }),
  ).toBeVisible();

  const manager = await signInAs(browser, 'institute-admin');
  await inRiverside(manager, 'admin-center');
  await manager.goto(`/documents-portal/${portalId}`);
  const queue = manager.getByRole('region', { name: 'Waiting for review' });
  await queue.getByRole('link', { name: title }).click();
  await manager.getByRole('button', { name: 'Approve and publish' }).click();
  await expect(manager.getByRole('button', { name: 'Approve and publish' })).toHaveCount(0);

  // The PDF's text is extracted by a background job: the student searches until it is in.
  const student = await signInAs(browser, 'student');
  await inRiverside(student, 'user/home');
  await student.goto('/resource-filter');
  await expect(student.getByRole('heading', { level: 1, name: 'Find resources' })).toBeVisible();
  await expect(async () => {
    await student.reload();
    await student.getByRole('searchbox', { name: 'Search resources' }).fill(word);
    await expect(student.getByRole('link', { name: title })).toBeVisible({ timeout: 3000 });
  }).toPass({ timeout: 60_000 });
  await student.getByRole('link', { name: title }).click();
  await expect(student.getByTestId('pdf-preview')).toBeVisible();
  await student.getByRole('button', { name: 'Save to my library' }).click();
  await expect(student.getByRole('button', { name: 'Saved to my library' })).toBeVisible();
  await expectNoSeriousA11yViolations(student);
});
