export const E2E_PORT = 3111;
export const E2E_ADMIN = { email: "e2e-admin@bureau.test", password: "e2e correct horse battery" };
