// Environment of integration tests (the database URL comes from the global setup).
process.env.AUTH_SECRET ??= "integration-test-secret-0123456789abcdef";
