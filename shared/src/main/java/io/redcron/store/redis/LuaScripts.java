package io.redcron.store.redis;

/** Every Lua script Redcron runs, loaded once per process. */
public final class LuaScripts {
    public static final LuaScript RENEW_LEASE = LuaScript.load("renew_lease");
    public static final LuaScript RELEASE_LEASE = LuaScript.load("release_lease");
    public static final LuaScript DISPATCH = LuaScript.load("dispatch");
    public static final LuaScript PROMOTE_DELAYED = LuaScript.load("promote_delayed");
    public static final LuaScript PURGE_STREAM = LuaScript.load("purge_stream");
    public static final LuaScript SETTLE_FAILING = LuaScript.load("settle_failing");

    private LuaScripts() {
    }
}
