-- A customer who signs up from a business's public card is its member from the start.
ALTER TYPE "MembershipVia" ADD VALUE 'CARD';
