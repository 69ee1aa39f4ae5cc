/** The reports' tables and downloads live in lib/ since billing writes them too (docs/decisions/046-billing.md). */
export * from '../../lib/table-export';
