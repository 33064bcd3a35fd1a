package com.storageplatform.webhooks.endpoint;

import static org.assertj.core.api.Assertions.assertThat;

import com.storageplatform.kit.caller.Environment;
import java.net.URI;
import org.junit.jupiter.api.Test;
import reactor.test.StepVerifier;

/** The local-development exception belongs to the deployment's setting, not to test accounts as such. */
class WebhookUrlsTest {

    @Test
    void aTestAccountCannotUseLocalhostWhereTheDeploymentDoesNotAllowIt() {
        WebhookUrls production = new WebhookUrls(false);
        for (String url : new String[] {"http://localhost:9999/hook", "http://127.0.0.1:9999/hook"}) {
            assertThat(production.formProblem(url, Environment.TEST)).as(url).contains("not_allowed");
            assertThat(production.isLocalDevelopment(URI.create(url), Environment.TEST)).as(url).isFalse();
        }
        // Over https its form passes, and then its address is refused.
        assertThat(production.formProblem("https://localhost:9999/hook", Environment.TEST)).isEmpty();
        StepVerifier.create(production.requirePublic(URI.create("https://localhost:9999/hook"), Environment.TEST))
                .expectError(WebhookUrls.NotPublic.class)
                .verify();
    }

    @Test
    void aTestAccountMayUseLocalhostWhereTheDeploymentAllowsIt() {
        WebhookUrls development = new WebhookUrls(true);
        assertThat(development.formProblem("http://localhost:9999/hook", Environment.TEST)).isEmpty();
        StepVerifier.create(development.requirePublic(URI.create("http://localhost:9999/hook"), Environment.TEST))
                .verifyComplete();
        assertThat(development.formProblem("http://localhost:9999/hook", Environment.LIVE)).contains("not_allowed");
    }
}
