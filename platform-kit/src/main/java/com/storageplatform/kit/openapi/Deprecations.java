package com.storageplatform.kit.openapi;

import java.lang.reflect.Method;
import java.lang.reflect.ParameterizedType;
import java.lang.reflect.RecordComponent;
import java.lang.reflect.Type;
import java.lang.reflect.WildcardType;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * What {@link ApiDeprecation} means for a handler: the deprecations of the operation itself and of the fields its
 * successful response carries (found by walking the records of its declared return type), and the headers they
 * send. Pure: no web types, so the header values have their own unit test.
 */
public final class Deprecations {

    /** The headers a deprecated response carries; each value as sent. */
    public record Headers(String deprecation, String sunset, List<String> links) {
    }

    /** @param operation of the handler method itself; {@code fields} those of the records it answers with */
    public record Found(Optional<ApiDeprecation> operation, List<ApiDeprecation> fields) {

        public boolean isEmpty() {
            return operation.isEmpty() && fields.isEmpty();
        }

        /** The headers of a response with this status: field deprecations only reach successful responses. */
        public Optional<Headers> headersFor(int status) {
            List<ApiDeprecation> applying = new ArrayList<>();
            operation.ifPresent(applying::add);
            if (status >= 200 && status < 300) {
                applying.addAll(fields);
            }
            return Deprecations.headers(applying);
        }
    }

    private static final int MAX_DEPTH = 6;
    private static final DateTimeFormatter IMF_FIXDATE =
            DateTimeFormatter.ofPattern("EEE, dd MMM yyyy HH:mm:ss 'GMT'", java.util.Locale.ENGLISH);

    private Deprecations() {
    }

    public static Found of(Method handler) {
        List<ApiDeprecation> fields = new ArrayList<>();
        collect(handler.getGenericReturnType(), fields, new HashSet<>(), 0);
        return new Found(Optional.ofNullable(handler.getAnnotation(ApiDeprecation.class)), List.copyOf(fields));
    }

    /** The deprecated fields reachable from {@code type} (records, generic wrappers, lists). */
    static void collect(Type type, List<ApiDeprecation> found, Set<Class<?>> seen, int depth) {
        if (depth > MAX_DEPTH || type == null) {
            return;
        }
        if (type instanceof ParameterizedType parameterized) {
            collect(parameterized.getRawType(), found, seen, depth + 1);
            for (Type argument : parameterized.getActualTypeArguments()) {
                collect(argument, found, seen, depth + 1);
            }
            return;
        }
        if (type instanceof WildcardType wildcard) {
            for (Type bound : wildcard.getUpperBounds()) {
                collect(bound, found, seen, depth + 1);
            }
            return;
        }
        if (!(type instanceof Class<?> type_) || !type_.isRecord() || !seen.add(type_)) {
            return;
        }
        for (RecordComponent component : type_.getRecordComponents()) {
            ApiDeprecation deprecation = component.getAnnotation(ApiDeprecation.class);
            if (deprecation != null) {
                found.add(deprecation);
            }
            collect(component.getGenericType(), found, seen, depth + 1);
        }
    }

    /**
     * The headers for some deprecations together: the earliest deprecation and sunset (what a client must act on
     * first), and one {@code Link} per distinct document.
     */
    static Optional<Headers> headers(List<ApiDeprecation> deprecations) {
        if (deprecations.isEmpty()) {
            return Optional.empty();
        }
        LocalDate since = deprecations.stream().map(d -> date(d.since(), "since")).min(Comparator.naturalOrder())
                .orElseThrow();
        LocalDate sunset = deprecations.stream().map(d -> date(d.sunset(), "sunset")).min(Comparator.naturalOrder())
                .orElseThrow();
        Set<String> links = new LinkedHashSet<>();
        deprecations.forEach(d -> links.add("<" + d.link() + ">; rel=\"deprecation\""));
        return Optional.of(new Headers(deprecationValue(since), sunsetValue(sunset), List.copyOf(links)));
    }

    /**
     * The sentence an API description adds for a deprecation, one wording for operations and fields: "Deprecated
     * since {@code since}; it may {@code stops} after {@code sunset} ({@code aside})."
     */
    static String note(ApiDeprecation deprecation, String stops, String aside) {
        return "Deprecated since " + deprecation.since() + "; it may " + stops + " after " + deprecation.sunset()
                + " (" + aside + ").";
    }

    /** RFC 9745: a Structured Fields date, {@code @} and the Unix seconds of the moment. */
    public static String deprecationValue(LocalDate since) {
        return "@" + since.atStartOfDay(ZoneOffset.UTC).toEpochSecond();
    }

    /** RFC 8594: an HTTP-date (RFC 9110's IMF-fixdate, two-digit day). */
    public static String sunsetValue(LocalDate sunset) {
        return IMF_FIXDATE.format(sunset.atStartOfDay(ZoneOffset.UTC));
    }

    static LocalDate date(String text, String what) {
        try {
            return LocalDate.parse(text);
        } catch (RuntimeException e) {
            throw new IllegalArgumentException("@ApiDeprecation " + what + " must be YYYY-MM-DD: " + text, e);
        }
    }
}
