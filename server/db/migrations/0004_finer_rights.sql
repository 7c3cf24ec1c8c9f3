ALTER TABLE "permissions" ADD COLUMN "description" text;
--> statement-breakpoint
-- Finer rights (issue 8, PRODUCT §2): beside each resource's list permission, create, edit,
-- delete and export. On a database that already has permissions, each new one goes into the
-- module of the resource's list permission and is granted to every role that held the
-- permission guarding that action until now, so no role gains or loses a power:
--   most resources: the list permission guarded everything;
--   units: "product create" guarded the unit screens (units get their own list permission);
--   expenses: "expense create" guarded edit and delete, "expense list" the export.
-- A fresh database has no permissions yet: nothing happens here, the seed adds them all.
CREATE TEMPORARY TABLE "finer_rights" ("name" varchar(255) NOT NULL, "module_of" varchar(255) NOT NULL, "granted_with" varchar(255) NOT NULL);
--> statement-breakpoint
INSERT INTO "finer_rights" ("name", "module_of", "granted_with") VALUES
  ('user create', 'user list', 'user list'),
  ('user edit', 'user list', 'user list'),
  ('user delete', 'user list', 'user list'),
  ('user export', 'user list', 'user list'),
  ('role create', 'role list', 'role list'),
  ('role edit', 'role list', 'role list'),
  ('role delete', 'role list', 'role list'),
  ('role export', 'role list', 'role list'),
  ('permission module create', 'permission module list', 'permission module list'),
  ('permission module edit', 'permission module list', 'permission module list'),
  ('permission module delete', 'permission module list', 'permission module list'),
  ('permission module export', 'permission module list', 'permission module list'),
  ('permission create', 'permission list', 'permission list'),
  ('permission edit', 'permission list', 'permission list'),
  ('permission delete', 'permission list', 'permission list'),
  ('permission export', 'permission list', 'permission list'),
  ('customer create', 'customer list', 'customer list'),
  ('customer edit', 'customer list', 'customer list'),
  ('customer delete', 'customer list', 'customer list'),
  ('customer export', 'customer list', 'customer list'),
  ('customer category create', 'customer category list', 'customer category list'),
  ('customer category edit', 'customer category list', 'customer category list'),
  ('customer category delete', 'customer category list', 'customer category list'),
  ('customer category export', 'customer category list', 'customer category list'),
  ('supplier create', 'supplier list', 'supplier list'),
  ('supplier edit', 'supplier list', 'supplier list'),
  ('supplier delete', 'supplier list', 'supplier list'),
  ('supplier export', 'supplier list', 'supplier list'),
  ('category create', 'category list', 'category list'),
  ('category edit', 'category list', 'category list'),
  ('category delete', 'category list', 'category list'),
  ('category export', 'category list', 'category list'),
  ('brand create', 'brand list', 'brand list'),
  ('brand edit', 'brand list', 'brand list'),
  ('brand delete', 'brand list', 'brand list'),
  ('brand export', 'brand list', 'brand list'),
  ('attribute create', 'attribute list', 'attribute list'),
  ('attribute edit', 'attribute list', 'attribute list'),
  ('attribute delete', 'attribute list', 'attribute list'),
  ('attribute export', 'attribute list', 'attribute list'),
  ('color create', 'color list', 'color list'),
  ('color edit', 'color list', 'color list'),
  ('color delete', 'color list', 'color list'),
  ('color export', 'color list', 'color list'),
  ('service create', 'service list', 'service list'),
  ('service edit', 'service list', 'service list'),
  ('service delete', 'service list', 'service list'),
  ('service export', 'service list', 'service list'),
  ('banner create', 'banner list', 'banner list'),
  ('banner edit', 'banner list', 'banner list'),
  ('banner delete', 'banner list', 'banner list'),
  ('banner export', 'banner list', 'banner list'),
  ('solution create', 'solution list', 'solution list'),
  ('solution edit', 'solution list', 'solution list'),
  ('solution delete', 'solution list', 'solution list'),
  ('solution export', 'solution list', 'solution list'),
  ('unit list', 'product create', 'product create'),
  ('unit create', 'product create', 'product create'),
  ('unit edit', 'product create', 'product create'),
  ('unit delete', 'product create', 'product create'),
  ('unit export', 'product create', 'product create'),
  ('expense edit', 'expense list', 'expense create'),
  ('expense delete', 'expense list', 'expense create'),
  ('expense export', 'expense list', 'expense list');
--> statement-breakpoint
INSERT INTO "permissions" ("name", "module_id")
SELECT f."name", p."module_id" FROM "finer_rights" f JOIN "permissions" p ON p."name" = f."module_of"
ON CONFLICT ("name") DO NOTHING;
--> statement-breakpoint
INSERT INTO "role_permissions" ("role_id", "permission_id")
SELECT rp."role_id", np."id"
FROM "finer_rights" f
JOIN "permissions" gp ON gp."name" = f."granted_with"
JOIN "role_permissions" rp ON rp."permission_id" = gp."id"
JOIN "permissions" np ON np."name" = f."name"
ON CONFLICT DO NOTHING;
--> statement-breakpoint
DROP TABLE "finer_rights";