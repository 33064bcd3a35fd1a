package com.storageplatform.kit.openapi;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * The values a string field of a response record may take, read from the constant the code itself checks
 * against, so the API description cannot drift from the rules: {@code @OneOf("STATUSES") String status} names a
 * static {@code List<String>} (or {@code Set}) of the record, or of the class given as {@code in}. Request bodies of
 * the same operations get the same values.
 */
@Target({ElementType.FIELD, ElementType.RECORD_COMPONENT, ElementType.METHOD})
@Retention(RetentionPolicy.RUNTIME)
@Documented
public @interface OneOf {

    /** The name of the static collection of values. */
    String value();

    /** The class that declares it; the record itself by default. */
    Class<?> in() default void.class;
}
