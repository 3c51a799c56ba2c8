/**
 * A self-signed certificate for localhost and 127.0.0.1, made at start: the doubles that must speak
 * HTTPS (Mollie's API, the webhook receiver) serve with it, and the process under test trusts it.
 */
import selfsigned from 'selfsigned';

export interface SelfSigned {
  /** PEM of the private key. */
  private: string;
  /** PEM of the certificate. */
  cert: string;
}

export async function selfSignedLocalhost(): Promise<SelfSigned> {
  return selfsigned.generate([{ name: 'commonName', value: 'localhost' }], {
    days: 30,
    keySize: 2048,
    extensions: [
      {
        name: 'subjectAltName',
        altNames: [
          { type: 2, value: 'localhost' },
          { type: 7, ip: '127.0.0.1' },
        ],
      },
    ],
  } as never);
}
