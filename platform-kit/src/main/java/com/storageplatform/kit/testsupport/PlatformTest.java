package com.storageplatform.kit.testsupport;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Inherited;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import org.junit.jupiter.api.extension.ExtendWith;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.webtestclient.autoconfigure.AutoConfigureWebTestClient;

/**
 * An integration test of a service against real PostgreSQL and Kafka: the service starts on a random port with
 * a schema of its own for this test class (fresh, migrated from nothing), the JVM's shared Kafka broker, the
 * test caller-token key ({@link TestCallers}), and jobs that run only when the test asks.
 *
 * <p>The {@code WebTestClient} waits 30 s for an answer (its default is 5 s): on a two-core CI machine running
 * PostgreSQL, Kafka and a freshly started context, a request has been seen to stall past 5 s. A test that still
 * times out prints a thread dump ({@link ThreadDumpOnTimeout}), so a real hang shows where it is stuck.
 */
@Target(ElementType.TYPE)
@Retention(RetentionPolicy.RUNTIME)
@Documented
@Inherited
@ExtendWith({PlatformInfrastructureExtension.class, ThreadDumpOnTimeout.class})
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
@AutoConfigureWebTestClient(timeout = "PT30S")
public @interface PlatformTest {
}
