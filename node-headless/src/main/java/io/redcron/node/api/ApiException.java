package io.redcron.node.api;

/** A refusal the API itself decides, with its HTTP status and the field it is about (or null). */
final class ApiException extends RuntimeException {
    private final int status;
    private final String field;

    ApiException(int status, String field, String message) {
        super(message);
        this.status = status;
        this.field = field;
    }

    int status() {
        return status;
    }

    String field() {
        return field;
    }

    static ApiException badRequest(String field, String message) {
        return new ApiException(400, field, field + ": " + message);
    }
}
