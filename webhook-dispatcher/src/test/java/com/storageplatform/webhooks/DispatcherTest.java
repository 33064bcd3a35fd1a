package com.storageplatform.webhooks;

import com.storageplatform.kit.testsupport.PlatformTest;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import org.springframework.test.context.TestPropertySource;

/**
 * A dispatcher test: the service against real PostgreSQL and Kafka ({@link PlatformTest}), a fixed sealing key,
 * local receivers allowed for test accounts, retries 10 000 times faster (the whole schedule in about 30 s) and
 * a short receiver timeout, and a consumer group of its own.
 */
@Target(ElementType.TYPE)
@Retention(RetentionPolicy.RUNTIME)
@PlatformTest
@TestPropertySource(properties = {
        "platform.webhooks.secret-key=AAECAwQFBgcICQoLDA0ODxAREhMUFRYXGBkaGxwdHh8=",
        "platform.webhooks.allow-localhost=true",
        "platform.webhooks.retry-time-scale=0.0001",
        "platform.webhooks.delivery.timeout=2s",
        "platform.webhooks.delivery.poll-interval=100ms",
        // Each test class's dispatcher is its own group: cached contexts must not take each other's events.
        "platform.webhooks.consumer-group=webhook-dispatcher-test-${random.uuid}"})
public @interface DispatcherTest {
}
