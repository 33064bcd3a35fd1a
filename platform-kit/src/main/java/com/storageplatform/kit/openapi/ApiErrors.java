package com.storageplatform.kit.openapi;

import com.storageplatform.kit.web.ErrorCode;
import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * The domain errors an operation answers beyond those every operation of its kind shares (which the kit
 * describes by itself: 401, 403, 404 on an id path, 400 on a list, 409 and 422 on a mutation, 429, 5xx):
 * {@code @ApiErrors(ErrorCode.CONFLICT)} on a handler method adds {@code conflict} to its 409 answer.
 */
@Target(ElementType.METHOD)
@Retention(RetentionPolicy.RUNTIME)
@Documented
public @interface ApiErrors {

    ErrorCode[] value();
}
