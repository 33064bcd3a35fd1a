package com.storageplatform.kit.web;

import com.fasterxml.jackson.annotation.JsonInclude;
import java.util.List;
import java.util.UUID;

/** The two response shapes of the API: success ({@code data}, {@code meta} on lists) and error. */
public final class Envelopes {

    private Envelopes() {
    }

    public record Data<T>(T data) {
    }

    public record ListOf<T>(List<T> data, ListMeta meta) {
    }

    public record ListMeta(int limit, CursorMeta cursor) {
    }

    public record CursorMeta(String next, boolean hasMore) {
    }

    /** Body of {@code DELETE}: {@code { id, object, deleted: true }}. */
    public record Deleted(UUID id, String object, boolean deleted) {
        public Deleted(UUID id, String object) {
            this(id, object, true);
        }
    }

    public record Error(ErrorBody error) {
    }

    @JsonInclude(JsonInclude.Include.NON_EMPTY)
    public record ErrorBody(String code, String message, List<FieldIssue> details) {
    }

    public static <T> Data<T> data(T data) {
        return new Data<>(data);
    }
}
