package com.storageplatform.kit.openapi;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * The one way to deprecate part of {@code /v1} (conventions.md "Versioning headers"). On a handler method, every
 * response of the operation carries {@code Deprecation: @<unix-seconds>} (RFC 9745), {@code Sunset: <HTTP-date>}
 * (RFC 8594) and {@code Link: <link>; rel="deprecation"}, and the API description marks the operation deprecated.
 * On a field of a response record, every successful response that carries the field sends the same headers and
 * the description marks the field deprecated. Record each deprecation in CHANGELOG.md with the same dates.
 *
 * <pre>{@code
 * record Contact(UUID id, String object, ...,
 *         @ApiDeprecation(since = "2026-12-01", sunset = "2027-12-01") String kycStatus) {}
 * }</pre>
 */
@Target({ElementType.METHOD, ElementType.FIELD, ElementType.RECORD_COMPONENT})
@Retention(RetentionPolicy.RUNTIME)
@Documented
public @interface ApiDeprecation {

    /** The day it was deprecated, {@code YYYY-MM-DD} (midnight UTC is the {@code Deprecation} moment). */
    String since();

    /** The day after which it may stop working, {@code YYYY-MM-DD}. */
    String sunset();

    /** Where a client reads what to use instead (a URI reference; the API reference by default). */
    String link() default "/docs";
}
