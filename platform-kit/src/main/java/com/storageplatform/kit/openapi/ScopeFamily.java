package com.storageplatform.kit.openapi;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * The scope family that guards a resource's {@code /v1} operations, as the gateway's route table names it: the
 * API description gives each {@code GET} the scope {@code <family>:read} and every other method
 * {@code <family>:write}. Put it on the resource class (or on one method that differs). The gateway's tests check
 * that every described operation asks for exactly the scope the gateway enforces.
 *
 * <pre>{@code
 * @RestController
 * @ScopeFamily("catalogue")
 * class CouponResource { ... }
 * }</pre>
 */
@Target({ElementType.TYPE, ElementType.METHOD})
@Retention(RetentionPolicy.RUNTIME)
@Documented
public @interface ScopeFamily {

    String value();
}
