/** Price drops and price history: the alert option, its rule and texts. */
export * from './priceDrop';
export * from './priceDropSchema';
export * from './strings';
