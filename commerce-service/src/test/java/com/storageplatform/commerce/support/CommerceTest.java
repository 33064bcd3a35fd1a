package com.storageplatform.commerce.support;

import com.storageplatform.kit.testsupport.PlatformTest;
import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Inherited;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * A {@link PlatformTest} of commerce-service with the {@link CataloguePeer} standing in for the catalogue's
 * {@code GET /v1/availability} and the {@link BillingPeer} for billing's {@code POST /v1/payments}. The peers start
 * before the application context, once per JVM, so every test class shares one context configuration.
 */
@Target(ElementType.TYPE)
@Retention(RetentionPolicy.RUNTIME)
@Documented
@Inherited
@ExtendWith(CataloguePeer.Started.class)
@ExtendWith(BillingPeer.Started.class)
@PlatformTest
public @interface CommerceTest {
}
