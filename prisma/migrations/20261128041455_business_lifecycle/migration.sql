-- AlterEnum
-- This migration adds more than one value to an enum.
-- With PostgreSQL versions 11 and earlier, this is not possible
-- in a single migration. This can be worked around by creating
-- multiple migrations, each migration adding only one value to
-- the enum.


ALTER TYPE "AuditAction" ADD VALUE 'BUSINESS_PAUSED';
ALTER TYPE "AuditAction" ADD VALUE 'BUSINESS_REOPENED';

-- CreateTable
CREATE TABLE "DeletedBusiness" (
    "id" TEXT NOT NULL,
    "ownerId" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "customers" INTEGER NOT NULL DEFAULT 0,
    "mailed" INTEGER NOT NULL DEFAULT 0,
    "deletedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "DeletedBusiness_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "AuditLogArchive" (
    "id" TEXT NOT NULL,
    "businessId" TEXT NOT NULL,
    "actorId" TEXT,
    "customerRef" TEXT,
    "programId" TEXT,
    "action" "AuditAction" NOT NULL,
    "before" JSONB,
    "after" JSONB,
    "details" JSONB NOT NULL DEFAULT '{}',
    "createdAt" TIMESTAMP(3) NOT NULL,
    "archivedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "AuditLogArchive_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "DeletedBusiness_ownerId_deletedAt_idx" ON "DeletedBusiness"("ownerId", "deletedAt");

-- CreateIndex
CREATE INDEX "AuditLogArchive_businessId_createdAt_idx" ON "AuditLogArchive"("businessId", "createdAt");

-- A deleted business's audit log stays, pseudonymous (docs/business-lifecycle.md,
-- "The audit log"): whatever deletes a business row, its AuditLog rows are first
-- copied here, each customer id replaced by a pseudonym made with a salt drawn
-- for this deletion and never stored (the same customer reads as the same
-- pseudonym within the business's log, and nothing leads back to the account),
-- the actor's name and the free-text reason left out, and an email address in
-- the details dropped. Then the cascade deletes the originals, as before.
CREATE FUNCTION "business_audit_archive"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  salt text := gen_random_uuid()::text || gen_random_uuid()::text;
BEGIN
  INSERT INTO "AuditLogArchive" ("id", "businessId", "actorId", "customerRef", "programId", "action",
    "before", "after", "details", "createdAt", "archivedAt")
  SELECT a."id", a."businessId", a."actorId",
    CASE WHEN a."customerId" IS NULL THEN NULL
      ELSE 'anon_' || left(encode(sha256(convert_to(salt || a."customerId", 'UTF8')), 'hex'), 24) END,
    a."programId", a."action", a."before", a."after",
    CASE WHEN jsonb_typeof(a."details") <> 'object' THEN '{}'::jsonb
      WHEN jsonb_typeof(a."details" -> 'guestId') = 'string'
        THEN (a."details" - 'email') || jsonb_build_object('guestId',
          'anon_' || left(encode(sha256(convert_to(salt || (a."details" ->> 'guestId'), 'UTF8')), 'hex'), 24))
      ELSE a."details" - 'email' END,
    a."createdAt", clock_timestamp() AT TIME ZONE 'UTC'
  FROM "AuditLog" a
  WHERE a."businessId" = OLD."id"
  ON CONFLICT ("id") DO NOTHING;
  RETURN OLD;
END;
$$;

CREATE TRIGGER "Business_archive_audit_log"
  BEFORE DELETE ON "Business"
  FOR EACH ROW EXECUTE FUNCTION "business_audit_archive"();

-- Only pseudonyms and no address ever reach the archive, whoever writes it.
ALTER TABLE "AuditLogArchive" ADD CONSTRAINT "AuditLogArchive_customer_pseudonym"
  CHECK ("customerRef" IS NULL OR "customerRef" ~ '^anon_[0-9a-f]{24}$');
ALTER TABLE "AuditLogArchive" ADD CONSTRAINT "AuditLogArchive_no_email"
  CHECK (NOT ("details" ? 'email'));

-- Append-only, like the log it keeps: no UPDATE, DELETE or TRUNCATE.
CREATE FUNCTION "audit_log_archive_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'the archived audit log is append-only' USING ERRCODE = 'insufficient_privilege';
END;
$$;

CREATE TRIGGER "AuditLogArchive_append_only"
  BEFORE UPDATE OR DELETE ON "AuditLogArchive"
  FOR EACH ROW EXECUTE FUNCTION "audit_log_archive_append_only"();

CREATE TRIGGER "AuditLogArchive_no_truncate"
  BEFORE TRUNCATE ON "AuditLogArchive"
  FOR EACH STATEMENT EXECUTE FUNCTION "audit_log_archive_append_only"();
