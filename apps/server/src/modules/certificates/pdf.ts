import { PDFDocument, rgb, StandardFonts } from 'pdf-lib';
import qrcode from 'qrcode-generator';

export interface CertificateSheet {
  holder: string;
  program: string;
  issuer: string;
  issuedAt: Date;
  /** The public verification address the QR code and the footer point at. */
  verifyUrl: string;
  keyMultibase: string;
}

/** Helvetica (WinAnsi) cannot draw every character: anything else becomes '?', never a failed PDF. */
function printable(text: string): string {
  return text.normalize('NFC').replace(/[^\x20-\x7e\u00a0-\u00ff]/g, '?');
}

/**
 * The certificate as an A4 landscape PDF: holder, program, issuer and date, and a QR code (drawn as
 * vector squares) to the public verification address, where the signed credential is checked.
 */
export async function certificatePdf(sheet: CertificateSheet): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.setTitle(`Certificate: ${printable(sheet.program)}`);
  doc.setAuthor(printable(sheet.issuer));
  doc.setSubject(`Awarded to ${printable(sheet.holder)}`);
  const page = doc.addPage([842, 595]);
  const regular = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const ink = rgb(0.1, 0.12, 0.2);
  const accent = rgb(0.26, 0.38, 0.93);
  const { width, height } = page.getSize();
  page.drawRectangle({
    x: 24,
    y: 24,
    width: width - 48,
    height: height - 48,
    borderColor: accent,
    borderWidth: 3,
  });

  const centred = (text: string, y: number, size: number, font = regular, color = ink) => {
    const line = printable(text);
    const fitted = Math.min(size, ((width - 140) / Math.max(font.widthOfTextAtSize(line, size), 1)) * size);
    page.drawText(line, {
      x: (width - font.widthOfTextAtSize(line, fitted)) / 2,
      y,
      size: fitted,
      font,
      color,
    });
  };
  centred('CERTIFICATE OF COMPLETION', height - 110, 16, bold, accent);
  centred('This certifies that', height - 170, 14);
  centred(sheet.holder, height - 220, 34, bold);
  centred('has completed the program', height - 265, 14);
  centred(sheet.program, height - 310, 26, bold);
  centred(`Issued by ${sheet.issuer} on ${sheet.issuedAt.toISOString().slice(0, 10)}`, height - 350, 13);

  const qr = qrcode(0, 'M');
  qr.addData(sheet.verifyUrl);
  qr.make();
  const count = qr.getModuleCount();
  const size = 110;
  const cell = size / count;
  const left = 60;
  const bottom = 60;
  for (let row = 0; row < count; row += 1) {
    for (let col = 0; col < count; col += 1) {
      if (qr.isDark(row, col)) {
        page.drawRectangle({
          x: left + col * cell,
          y: bottom + (count - 1 - row) * cell,
          width: cell,
          height: cell,
          color: ink,
        });
      }
    }
  }
  const note = (text: string, y: number) =>
    page.drawText(printable(text), {
      x: left + size + 20,
      y,
      size: 9,
      font: regular,
      color: ink,
      maxWidth: width - left - size - 100,
    });
  note('Scan the code or open this address to check the certificate:', bottom + 80);
  note(sheet.verifyUrl.length > 110 ? `${sheet.verifyUrl.slice(0, 110)}...` : sheet.verifyUrl, bottom + 66);
  note('Signed with the platform key (Ed25519, eddsa-jcs-2022):', bottom + 40);
  note(sheet.keyMultibase, bottom + 26);
  return doc.save();
}
