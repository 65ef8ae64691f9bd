package io.redcron.testkit;

/** The in-memory tokens keep the promises the MySQL ones keep. */
class InMemoryApiTokenStoreTest extends ApiTokenStoreContract {

    @Override
    protected void openStores() {
        audit = new InMemoryStores(java.time.Clock.systemUTC()).audit();
        tokens = new InMemoryApiTokenStore(audit);
    }
}
