import { screen } from '@testing-library/react';
import { AxiosError, type AxiosRequestConfig, type AxiosResponse } from 'axios';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { http } from '../../shared/api/http';
import { renderWithProviders } from '../../test/render';
import CertificateVerificationPage from './pages/CertificateVerificationPage';

const KEY = 'z3Ab9xYk';
const claims = {
  holder: 'Ada Lovelace',
  program: 'Data Science Foundations',
  issuer: 'Nexus',
  issued_at: '2026-11-22T10:00:00.000Z',
  revoked_at: null,
  credential: {},
};

function answer(reply: (config: AxiosRequestConfig) => unknown) {
  const calls: AxiosRequestConfig[] = [];
  vi.spyOn(http, 'request').mockImplementation(async (config: AxiosRequestConfig) => {
    calls.push(config);
    return { data: reply(config) } as AxiosResponse;
  });
  return calls;
}

function render(path = `/certification/42/${KEY}`) {
  return renderWithProviders(null, {
    routes: [{ path: '/certification/:userId/:publicKey', element: <CertificateVerificationPage /> }],
    route: path,
  });
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('/certification/{userId}/{publicKey}', () => {
  it('says valid signed out, with holder, program, issuer, date and the downloads', async () => {
    const calls = answer(() => ({
      data: { valid: true, reason: null, message: 'This certificate is valid.', ...claims },
    }));
    render();
    expect(await screen.findByRole('heading', { name: 'Valid certificate' })).toBeInTheDocument();
    expect(screen.getByText('Ada Lovelace')).toBeInTheDocument();
    expect(screen.getByText('Data Science Foundations')).toBeInTheDocument();
    expect(screen.getByText('22 November 2026')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Download PDF' })).toHaveAttribute(
      'href',
      `/api/certificates/pdf/42/${KEY}`,
    );
    expect(calls[0]?.url).toBe(`/api/certificates/verify/42/${KEY}`);
  });

  it('says not valid with the reason, and offers no download', async () => {
    answer(() => ({
      data: {
        valid: false,
        reason: 'tampered',
        message: 'This certificate has been altered since it was issued.',
        ...claims,
      },
    }));
    render();
    expect(await screen.findByRole('heading', { name: 'Not valid' })).toBeInTheDocument();
    expect(screen.getByText('This certificate has been altered since it was issued.')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Download PDF' })).toBeNull();
  });

  it('says not valid for an address that is not a certificate address', async () => {
    vi.spyOn(http, 'request').mockImplementation(async () => {
      const response = { status: 400, data: { message: 'Not a certificate address.' } } as AxiosResponse;
      throw new AxiosError('x', 'ERR_BAD_REQUEST', undefined, undefined, response);
    });
    render('/certification/42/nonsense!');
    expect(await screen.findByText('This is not a certificate address.')).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('Not valid');
  });
});
