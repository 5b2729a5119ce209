-- AlterEnum
ALTER TYPE "TagRejectionReason" ADD VALUE 'NOT_OUR_URL';
