package io.redcron.testkit;

/** The in-memory managed-task rows keep the promises the MySQL ones keep. */
class InMemoryManagedTaskStoreTest extends ManagedTaskStoreContract {

    @Override
    protected void openStores() {
        InMemoryStores stores = new InMemoryStores(java.time.Clock.systemUTC());
        tasks = stores.tasks();
        managed = stores.managed();
    }
}
