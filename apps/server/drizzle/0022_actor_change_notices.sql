-- Change notices for the servers' cache of request actors (security/actor-cache.ts): any write to what a request's
-- actor is made of (the user, their sessions, roles, group roles and grants, groups and memberships) notifies the
-- channel syrx_actor_changes once per statement; every server instance that listens empties its cache. A new session
-- (insert) changes no cached actor, so sessions notify on update and delete only.
CREATE FUNCTION syrx_notify_actor_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('syrx_actor_changes', TG_TABLE_NAME);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER actor_change AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "users" FOR EACH STATEMENT EXECUTE FUNCTION syrx_notify_actor_change();
--> statement-breakpoint
CREATE TRIGGER actor_change AFTER UPDATE OR DELETE OR TRUNCATE ON "sessions" FOR EACH STATEMENT EXECUTE FUNCTION syrx_notify_actor_change();
--> statement-breakpoint
CREATE TRIGGER actor_change AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "roles" FOR EACH STATEMENT EXECUTE FUNCTION syrx_notify_actor_change();
--> statement-breakpoint
CREATE TRIGGER actor_change AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "user_roles" FOR EACH STATEMENT EXECUTE FUNCTION syrx_notify_actor_change();
--> statement-breakpoint
CREATE TRIGGER actor_change AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "groups" FOR EACH STATEMENT EXECUTE FUNCTION syrx_notify_actor_change();
--> statement-breakpoint
CREATE TRIGGER actor_change AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "group_memberships" FOR EACH STATEMENT EXECUTE FUNCTION syrx_notify_actor_change();
--> statement-breakpoint
CREATE TRIGGER actor_change AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "group_role_permissions" FOR EACH STATEMENT EXECUTE FUNCTION syrx_notify_actor_change();
--> statement-breakpoint
CREATE TRIGGER actor_change AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "user_group_roles" FOR EACH STATEMENT EXECUTE FUNCTION syrx_notify_actor_change();
