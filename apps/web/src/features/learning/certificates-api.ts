import { CERTIFICATES_API, type CertificateVerification, type MyCertificate } from '@nexus/contracts';
import { api } from '../../app/api';

export type { MyCertificate };

/** Certificates (server: /api/certificates, docs/certificates.md). Verification needs no session. */
export const certificatesApi = api.enhanceEndpoints({ addTagTypes: ['Certificate'] }).injectEndpoints({
  endpoints: (build) => ({
    verifyCertificate: build.query<CertificateVerification, { userId: string; publicKey: string }>({
      query: ({ userId, publicKey }) => ({
        url: `${CERTIFICATES_API}/verify/${encodeURIComponent(userId)}/${encodeURIComponent(publicKey)}`,
      }),
      transformResponse: (body: { data: CertificateVerification }) => body.data,
    }),
    myCertificates: build.query<MyCertificate[], void>({
      query: () => ({ url: `${CERTIFICATES_API}/getMyCertificates` }),
      transformResponse: (body: { data: MyCertificate[] }) => body.data,
      providesTags: ['Certificate'],
    }),
  }),
});

export const { useVerifyCertificateQuery, useMyCertificatesQuery } = certificatesApi;

/** Where the printable sheet and the signed credential of a certificate are downloaded. */
export function certificateDownloads(userId: string, publicKey: string) {
  const address = `${encodeURIComponent(userId)}/${encodeURIComponent(publicKey)}`;
  return {
    pdf: `${CERTIFICATES_API}/pdf/${address}`,
    credential: `${CERTIFICATES_API}/credential/${address}`,
  };
}
