-- The in-process session cache (features/auth/session-cache.ts) must forget a user the moment
-- their account or one of their sessions changes, on every instance. These triggers send the
-- user's id on channel vbg_auth after any such change commits, whoever wrote it (any code path,
-- another instance, a script, psql), and 'all' when either table is truncated. Touching a
-- session's last_seen_at is not a change here.
CREATE OR REPLACE FUNCTION vbg_notify_auth_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    PERFORM pg_notify('vbg_auth', 'all');
    RETURN NULL;
  END IF;
  IF TG_TABLE_NAME = 'users' THEN
    PERFORM pg_notify('vbg_auth', OLD.id::text);
  ELSE
    PERFORM pg_notify('vbg_auth', OLD.user_id::text);
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER users_auth_change AFTER UPDATE OR DELETE ON users FOR EACH ROW EXECUTE FUNCTION vbg_notify_auth_change();--> statement-breakpoint
CREATE TRIGGER sessions_auth_change AFTER DELETE OR UPDATE OF user_id, expires_at ON sessions FOR EACH ROW EXECUTE FUNCTION vbg_notify_auth_change();--> statement-breakpoint
CREATE TRIGGER users_auth_truncate AFTER TRUNCATE ON users FOR EACH STATEMENT EXECUTE FUNCTION vbg_notify_auth_change();--> statement-breakpoint
CREATE TRIGGER sessions_auth_truncate AFTER TRUNCATE ON sessions FOR EACH STATEMENT EXECUTE FUNCTION vbg_notify_auth_change();
