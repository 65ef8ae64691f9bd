package io.redcron.testkit;

import io.redcron.port.Page;
import io.redcron.port.PageRequest;

import java.util.List;

final class Pages {
    private Pages() {
    }

    static <T> Page<T> of(List<T> all, PageRequest page) {
        int from = Math.min(page.offset(), all.size());
        int to = Math.min(from + page.limit(), all.size());
        return new Page<>(all.subList(from, to), all.size(), page.offset(), page.limit());
    }
}
