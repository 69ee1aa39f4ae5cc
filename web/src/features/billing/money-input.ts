import { CURRENCY_INVALID } from '@contract/billing';
import { z } from 'zod';

/**
 * What the billing forms share (rates and budgets): an amount as people type it ("90", "12.50",
 * "12,5"), a currency code, and the one conversion to the API's units.
 */
const DECIMAL = /^\d+([.,]\d{1,2})?$/;
const OPTIONAL_DECIMAL = /^(\d+([.,]\d{1,2})?)?$/;
/** An amount; `optional`: may be left empty (a budget's, when there is none). */
export const typedAmount = (message: string, optional = false) =>
  z
    .string()
    .trim()
    .regex(optional ? OPTIONAL_DECIMAL : DECIMAL, message);
/** A currency code; `optional`: may be left empty. */
export const typedCurrency = (optional = false) =>
  z
    .string()
    .trim()
    .regex(optional ? /^([A-Z]{3})?$/ : /^[A-Z]{3}$/, CURRENCY_INVALID);

/** "12,50" → 12.5 */
export const parseDecimal = (typed: string) => Number(typed.trim().replace(',', '.'));
/** "12,50" → 1250 minor units */
export const toMinor = (typed: string) => Math.round(parseDecimal(typed) * 100);
/** "1,5" hours → 5400 seconds */
export const toSeconds = (typed: string) => Math.round(parseDecimal(typed) * 3600);
/** 1250 minor units → "12.5", 5400 seconds → "1.5": the amount as a form shows it to be edited */
export const fromMinor = (minor: number) => String(minor / 100);
export const fromSeconds = (seconds: number) => String(seconds / 3600);
