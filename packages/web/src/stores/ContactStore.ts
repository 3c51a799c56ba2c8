import type { ContactPayload, MessageResponse } from '@prijsalarm/core';
import type { RootStore } from './RootStore';

/** The contact form's call (POST /contact). */
export class ContactStore {
  constructor(private readonly root: RootStore) {}

  async send(payload: ContactPayload): Promise<MessageResponse> {
    await this.root.ensureCsrfToken();
    return this.root.api.contact.send(payload);
  }
}
