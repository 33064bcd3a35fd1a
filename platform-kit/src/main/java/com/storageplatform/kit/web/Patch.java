package com.storageplatform.kit.web;

import java.util.Objects;
import java.util.function.Function;

/**
 * One field of a {@code PATCH} body, where "not sent" (leave as it is) and "sent as null" (clear it) differ.
 * Declare the body as a record of {@code Patch<T>} fields: a field the client left out is a Java {@code null}; a
 * field it sent is a {@code Patch} holding the value, which is null when the client sent {@code null}. The
 * strict JSON rules still apply (unknown fields and wrong types are 422 with their path).
 *
 * <pre>{@code
 * record SitePatch(Patch<String> name, Patch<String> description) {}
 * String description = Patch.apply(body.description(), current.description());
 * }</pre>
 */
public final class Patch<T> {

    private static final Patch<?> NULL = new Patch<>(null);

    private final T value;

    private Patch(T value) {
        this.value = value;
    }

    public static <T> Patch<T> of(T value) {
        return value == null ? ofNull() : new Patch<>(value);
    }

    @SuppressWarnings("unchecked")
    public static <T> Patch<T> ofNull() {
        return (Patch<T>) NULL;
    }

    /** The value sent; null when the client sent {@code null}. */
    public T value() {
        return value;
    }

    public boolean isNull() {
        return value == null;
    }

    /** The new value of a field: {@code current} when the field was not sent. */
    public static <T> T apply(Patch<T> patch, T current) {
        return patch == null ? current : patch.value;
    }

    /**
     * The new value of a field, {@code change} judging the value sent (null included); {@code current} when the
     * field was not sent. {@code change} records what is wrong on the request's {@code Validation}.
     */
    public static <T, R> R pick(Patch<T> patch, R current, Function<T, R> change) {
        return patch == null ? current : change.apply(patch.value);
    }

    /** Whether the field was sent (with a value or null). */
    public static boolean sent(Patch<?> patch) {
        return patch != null;
    }

    public <R> Patch<R> map(Function<T, R> mapper) {
        return value == null ? ofNull() : of(mapper.apply(value));
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof Patch<?> patch && Objects.equals(patch.value, value);
    }

    @Override
    public int hashCode() {
        return Objects.hashCode(value);
    }

    @Override
    public String toString() {
        return "Patch[" + value + "]";
    }
}
