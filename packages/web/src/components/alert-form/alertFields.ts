import { makeAutoObservable, runInAction } from 'mobx';
import {
  distanceEnabled,
  importSearchIntoForm,
  normalizePostalCode,
  parseMarketplaceSearchUrl,
} from '@prijsalarm/core';
import type {
  AlertFormState,
  ImportCategory,
  ImportNote,
  ImportTarget,
  PlatformId,
} from '@prijsalarm/core';
import { FormModel } from '../../stores/FormModel';
import type { FieldRules } from '../../stores/FormModel';

/** What the location rules read and write: an alert's postal code and its distance. */
type Location = Pick<AlertFormState, 'postalCode' | 'distance'>;

/**
 * The postal code and distance of any alert form: the code is formatted as typed for the alert's
 * platform, and the distance counts only with a code, so it goes back to none when the code goes.
 */
export function locationRules<Values extends Location>(
  platformOf: (values: Values) => PlatformId | null,
): FieldRules<Values> {
  const rules: FieldRules<Location> = {
    postalCode: {
      change(text, values) {
        const platform = platformOf(values as Values) ?? 'marktplaats';
        const postalCode = normalizePostalCode(platform, text);
        return distanceEnabled(postalCode) ? { postalCode } : { postalCode, distance: null };
      },
    },
    distance: { enabled: (values) => distanceEnabled(values.postalCode) },
  };
  return rules as FieldRules<Values>;
}

/**
 * The alert fields both alert forms share, on core's AlertFormState (the guest form's platform is
 * always Marktplaats). Messages are keyed by the payload's field names (`platforms`,
 * `customFilters.fuel`), as core's schemas and the server name them.
 */
export function alertFormModel(initial: AlertFormState): FormModel<AlertFormState> {
  return new FormModel(
    initial,
    locationRules<AlertFormState>((values) => values.platform),
  );
}

/** What importing a search link needs to know of the form it fills. */
export interface SearchLinkTarget extends Omit<ImportTarget, 'categories'> {
  /** Our categories (GET /categories); a failure leaves the link's category named, not filled. */
  loadCategories(): Promise<readonly ImportCategory[]>;
  /** Runs after the form was filled, e.g. to load what the new values need. */
  afterImport?(state: AlertFormState): void;
}

/**
 * The 'paste a search link' field of both alert forms: core's converter fills the form in the
 * browser (no server round trip but the category list), and what it could not take is listed.
 */
export class SearchLinkImport {
  text = '';
  /** Why the link was refused; null when it was not. */
  error: string | null = null;
  /** The parts of the last imported link that were not taken over. */
  notes: ImportNote[] = [];
  /** Whether the last link filled the form. */
  filled = false;
  busy = false;
  private categories: readonly ImportCategory[] | null = null;

  constructor(
    private readonly fields: FormModel<AlertFormState>,
    private readonly target: SearchLinkTarget,
  ) {
    makeAutoObservable<SearchLinkImport, 'fields' | 'target' | 'categories'>(
      this,
      { fields: false, target: false, categories: false },
      { autoBind: true },
    );
  }

  setText(text: string): void {
    this.text = text;
    this.error = null;
  }

  /** Fills the form from `text` (a paste) or from what was typed. */
  async apply(text: string = this.text): Promise<void> {
    this.text = text;
    this.busy = true;
    const categories = await this.loadCategories();
    runInAction(() => {
      this.busy = false;
      const parsed = parseMarketplaceSearchUrl(text, categories);
      const result = parsed.ok
        ? importSearchIntoForm(this.fields.values, parsed, { ...this.target, categories })
        : parsed;
      if (!result.ok) {
        this.error = result.error;
        this.notes = [];
        this.filled = false;
        return;
      }
      this.fields.reset(result.state);
      this.error = null;
      this.notes = result.notes;
      this.filled = true;
      this.target.afterImport?.(result.state);
    });
  }

  private async loadCategories(): Promise<readonly ImportCategory[]> {
    if (this.categories !== null) return this.categories;
    try {
      this.categories = await this.target.loadCategories();
      return this.categories;
    } catch (error) {
      console.error('Could not load the categories', error);
      return [];
    }
  }
}
