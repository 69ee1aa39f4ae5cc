-- The invoice lock in the database (docs/decisions/047-billing-gaps.md): an entry marked invoiced
-- cannot be changed or deleted by any code path, whether or not it checked first. What may still
-- change: the mark itself (an invoice marked or undone, or removed: invoice_id), and the project or
-- task link becoming empty when that project or task is removed for good (the foreign keys' own
-- SET NULL). Everything an invoice shows stays as it was. The refusal's SQLSTATE 'WB409' carries the
-- errors.json code as its message; the app answers it as the usual 409 (server/lib/errors.ts).
CREATE FUNCTION time_entries_invoice_lock() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF OLD."invoice_id" IS NULL THEN
    RETURN CASE WHEN TG_OP = 'DELETE' THEN OLD ELSE NEW END;
  END IF;
  IF TG_OP = 'UPDATE'
    AND (NEW."id", NEW."user_id", NEW."description", NEW."start_time", NEW."end_time", NEW."auto_stopped",
      NEW."billable", NEW."created_at")
      IS NOT DISTINCT FROM (OLD."id", OLD."user_id", OLD."description", OLD."start_time", OLD."end_time",
      OLD."auto_stopped", OLD."billable", OLD."created_at")
    AND (NEW."project_id" IS NOT DISTINCT FROM OLD."project_id" OR NEW."project_id" IS NULL)
    AND (NEW."task_id" IS NOT DISTINCT FROM OLD."task_id" OR NEW."task_id" IS NULL) THEN
    RETURN NEW;
  END IF;
  RAISE EXCEPTION 'entry_invoiced' USING ERRCODE = 'WB409', DETAIL = 'time entry ' || OLD."id" || ' is on invoice ' || OLD."invoice_id";
END $$;--> statement-breakpoint
CREATE TRIGGER "time_entries_invoice_lock" BEFORE UPDATE OR DELETE ON "time_entries"
  FOR EACH ROW EXECUTE FUNCTION time_entries_invoice_lock();
