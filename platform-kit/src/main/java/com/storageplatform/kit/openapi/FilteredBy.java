package com.storageplatform.kit.openapi;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * The exact-match filters of a list operation, named like the listed resource's fields (conventions.md "Lists"):
 * each becomes a query parameter with the type, format and allowed values of the field of that name (or of the
 * items of its plural array: {@code site_id} filters on {@code site_ids}). A filter that is not a field of the
 * resource is declared with springdoc's own {@code @Parameter(in = ParameterIn.QUERY, ...)} instead.
 *
 * <pre>{@code
 * @GetMapping("/v1/coupons")
 * @FilteredBy({"code", "status", "site_id", "advertised"})
 * Mono<Envelopes.ListOf<Coupon>> list(Caller caller, @RequestParam MultiValueMap<String, String> query) { ... }
 * }</pre>
 */
@Target(ElementType.METHOD)
@Retention(RetentionPolicy.RUNTIME)
@Documented
public @interface FilteredBy {

    String[] value();
}
