package com.storageplatform.kit.web;

import com.fasterxml.jackson.annotation.JsonInclude;

/** One entry of an error's {@code details}: the field (dotted path with indexes) and the issue. */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record FieldIssue(String field, String issue) {

    public static final String REQUIRED = "required";
    public static final String INVALID = "invalid";
    public static final String UNKNOWN_FIELD = "unknown_field";
    public static final String TOO_LONG = "too_long";
    public static final String BELOW_MINIMUM = "below_minimum";
    public static final String ABOVE_MAXIMUM = "above_maximum";
    public static final String NOT_ALLOWED = "not_allowed";
    public static final String NOT_FOUND = "not_found";
    public static final String IMMUTABLE = "immutable";
    public static final String INVALID_TRANSITION = "invalid_transition";
    public static final String DUPLICATE = "duplicate";
}
