-- AlterTable
ALTER TABLE "Business" ADD COLUMN     "pausedAt" TIMESTAMP(3),
ADD COLUMN     "pausedUntil" DATE;

-- AlterTable
ALTER TABLE "BusinessStaff" ADD COLUMN     "allLocations" BOOLEAN NOT NULL DEFAULT true;

-- AlterTable
ALTER TABLE "Program" ADD COLUMN     "allLocations" BOOLEAN NOT NULL DEFAULT true;

-- AlterTable
ALTER TABLE "Purchase" ADD COLUMN     "locationId" TEXT;

-- AlterTable
ALTER TABLE "Tag" ADD COLUMN     "locationId" TEXT;

-- AlterTable
ALTER TABLE "Tap" ADD COLUMN     "locationId" TEXT;

-- CreateTable
CREATE TABLE "Location" (
    "id" TEXT NOT NULL,
    "businessId" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "address" TEXT,
    "placeId" TEXT,
    "openingHours" JSONB NOT NULL DEFAULT '[]',
    "timezone" TEXT NOT NULL DEFAULT 'Europe/Madrid',
    "position" INTEGER NOT NULL DEFAULT 0,
    "closedAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "Location_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "ProgramLocation" (
    "programId" TEXT NOT NULL,
    "locationId" TEXT NOT NULL,

    CONSTRAINT "ProgramLocation_pkey" PRIMARY KEY ("programId","locationId")
);

-- CreateTable
CREATE TABLE "StaffLocation" (
    "businessId" TEXT NOT NULL,
    "userId" TEXT NOT NULL,
    "locationId" TEXT NOT NULL,

    CONSTRAINT "StaffLocation_pkey" PRIMARY KEY ("businessId","userId","locationId")
);

-- CreateIndex
CREATE INDEX "Location_businessId_position_idx" ON "Location"("businessId", "position");

-- CreateIndex
CREATE INDEX "ProgramLocation_locationId_idx" ON "ProgramLocation"("locationId");

-- CreateIndex
CREATE INDEX "StaffLocation_locationId_idx" ON "StaffLocation"("locationId");

-- CreateIndex
CREATE INDEX "Tag_locationId_idx" ON "Tag"("locationId");

-- CreateIndex
CREATE INDEX "Tap_locationId_day_idx" ON "Tap"("locationId", "day");

-- AddForeignKey
ALTER TABLE "Tag" ADD CONSTRAINT "Tag_locationId_fkey" FOREIGN KEY ("locationId") REFERENCES "Location"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Tap" ADD CONSTRAINT "Tap_locationId_fkey" FOREIGN KEY ("locationId") REFERENCES "Location"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Purchase" ADD CONSTRAINT "Purchase_locationId_fkey" FOREIGN KEY ("locationId") REFERENCES "Location"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Location" ADD CONSTRAINT "Location_businessId_fkey" FOREIGN KEY ("businessId") REFERENCES "Business"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ProgramLocation" ADD CONSTRAINT "ProgramLocation_programId_fkey" FOREIGN KEY ("programId") REFERENCES "Program"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ProgramLocation" ADD CONSTRAINT "ProgramLocation_locationId_fkey" FOREIGN KEY ("locationId") REFERENCES "Location"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "StaffLocation" ADD CONSTRAINT "StaffLocation_businessId_userId_fkey" FOREIGN KEY ("businessId", "userId") REFERENCES "BusinessStaff"("businessId", "userId") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "StaffLocation" ADD CONSTRAINT "StaffLocation_locationId_fkey" FOREIGN KEY ("locationId") REFERENCES "Location"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- Every business has at least one location: the existing ones get theirs from
-- their own name, address, place and zone, with all their tags, visits and
-- purchases at it (docs/locations.md, "The model").
INSERT INTO "Location" ("id", "businessId", "name", "address", "placeId", "timezone", "position", "createdAt", "updatedAt")
SELECT gen_random_uuid()::text, b."id", b."name", b."address", b."placeId", b."timezone", 0, b."createdAt", CURRENT_TIMESTAMP
FROM "Business" b;

UPDATE "Tag" t SET "locationId" = l."id" FROM "Location" l WHERE l."businessId" = t."businessId";
UPDATE "Tap" t SET "locationId" = l."id" FROM "Location" l WHERE l."businessId" = t."businessId";
UPDATE "Purchase" p SET "locationId" = l."id" FROM "Location" l WHERE l."businessId" = p."businessId";

-- A new business gets its first location with it, whatever created it.
CREATE FUNCTION "location_first_of_business"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "Location" ("id", "businessId", "name", "address", "placeId", "timezone", "position", "updatedAt")
  VALUES (gen_random_uuid()::text, NEW."id", NEW."name", NEW."address", NEW."placeId", NEW."timezone", 0, CURRENT_TIMESTAMP);
  RETURN NEW;
END $$;
CREATE TRIGGER "Business_first_location" AFTER INSERT ON "Business"
  FOR EACH ROW EXECUTE FUNCTION "location_first_of_business"();

-- A tag hangs at a location of its own business: claimed or moved without one,
-- it gets the business's main location (the first open one by position);
-- another business's location is refused; an unclaimed tag has none.
CREATE FUNCTION "tag_location_of_business"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW."businessId" IS NULL THEN
    NEW."locationId" := NULL;
    RETURN NEW;
  END IF;
  IF TG_OP = 'UPDATE' AND NEW."businessId" IS DISTINCT FROM OLD."businessId"
     AND NEW."locationId" IS NOT DISTINCT FROM OLD."locationId" THEN
    NEW."locationId" := NULL;
  END IF;
  IF NEW."locationId" IS NULL THEN
    NEW."locationId" := (SELECT "id" FROM "Location" WHERE "businessId" = NEW."businessId" AND "closedAt" IS NULL
                         ORDER BY "position", "createdAt", "id" LIMIT 1);
  ELSIF NOT EXISTS (SELECT 1 FROM "Location" WHERE "id" = NEW."locationId" AND "businessId" = NEW."businessId") THEN
    RAISE EXCEPTION 'location % is not one of business %''s', NEW."locationId", NEW."businessId" USING ERRCODE = '23514';
  END IF;
  RETURN NEW;
END $$;
CREATE TRIGGER "Tag_location_of_business" BEFORE INSERT OR UPDATE OF "businessId", "locationId" ON "Tag"
  FOR EACH ROW EXECUTE FUNCTION "tag_location_of_business"();

-- A program's and a staff member's locations are their own business's.
CREATE FUNCTION "program_location_of_business"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM "Program" p JOIN "Location" l ON l."businessId" = p."businessId"
                 WHERE p."id" = NEW."programId" AND l."id" = NEW."locationId") THEN
    RAISE EXCEPTION 'location % is not one of program %''s business', NEW."locationId", NEW."programId" USING ERRCODE = '23514';
  END IF;
  RETURN NEW;
END $$;
CREATE TRIGGER "ProgramLocation_of_business" BEFORE INSERT OR UPDATE ON "ProgramLocation"
  FOR EACH ROW EXECUTE FUNCTION "program_location_of_business"();

CREATE FUNCTION "staff_location_of_business"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM "Location" WHERE "id" = NEW."locationId" AND "businessId" = NEW."businessId") THEN
    RAISE EXCEPTION 'location % is not one of business %''s', NEW."locationId", NEW."businessId" USING ERRCODE = '23514';
  END IF;
  RETURN NEW;
END $$;
CREATE TRIGGER "StaffLocation_of_business" BEFORE INSERT OR UPDATE ON "StaffLocation"
  FOR EACH ROW EXECUTE FUNCTION "staff_location_of_business"();
