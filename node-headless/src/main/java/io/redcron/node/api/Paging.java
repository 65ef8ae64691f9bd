package io.redcron.node.api;

import io.javalin.http.Context;
import io.redcron.port.PageRequest;

/** The {@code limit} and {@code offset} of a listing, checked as the CLI checks its flags. */
final class Paging {
    static final int DEFAULT_LIMIT = 100;

    private Paging() {
    }

    static PageRequest of(Context ctx) {
        int limit = number(ctx, "limit", DEFAULT_LIMIT);
        int offset = number(ctx, "offset", 0);
        if (limit < 1 || limit > PageRequest.MAX_LIMIT) {
            throw ApiException.badRequest("limit", "must be 1-" + PageRequest.MAX_LIMIT + ", got " + limit);
        }
        if (offset < 0) {
            throw ApiException.badRequest("offset", "must not be negative, got " + offset);
        }
        return new PageRequest(offset, limit);
    }

    static int number(Context ctx, String name, int otherwise) {
        String text = ctx.queryParam(name);
        if (text == null) {
            return otherwise;
        }
        try {
            return Integer.parseInt(text.strip());
        } catch (NumberFormatException e) {
            throw ApiException.badRequest(name, "'" + text + "' is not a whole number");
        }
    }

    static boolean flag(String name, String text) {
        return switch (text) {
            case "true" -> true;
            case "false" -> false;
            default -> throw ApiException.badRequest(name, "'" + text + "' must be true or false");
        };
    }
}
