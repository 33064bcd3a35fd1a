package com.storageplatform.auth.oauth;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class RedirectUrisTest {

    @Test
    void httpsAnywhereAndHttpOnlyToTheLocalMachineAreAllowed() {
        assertThat(RedirectUris.isAllowed("https://app.example.com/oauth/callback?state=1")).isTrue();
        assertThat(RedirectUris.isAllowed("HTTPS://app.example.com/cb")).isTrue();
        assertThat(RedirectUris.isAllowed("http://localhost/cb")).isTrue();
        assertThat(RedirectUris.isAllowed("http://localhost:8080/cb")).isTrue();
        assertThat(RedirectUris.isAllowed("http://127.0.0.1:3000/cb")).isTrue();
    }

    @Test
    void plainHttpElsewhereRelativeFragmentsUserInfoAndOtherSchemesAreRefused() {
        assertThat(RedirectUris.isAllowed("http://app.example.com/cb")).isFalse();
        assertThat(RedirectUris.isAllowed("http://localhost.example.com/cb")).isFalse();
        assertThat(RedirectUris.isAllowed("http://127.0.0.2/cb")).isFalse();
        assertThat(RedirectUris.isAllowed("/cb")).isFalse();
        assertThat(RedirectUris.isAllowed("https://app.example.com/cb#section")).isFalse();
        assertThat(RedirectUris.isAllowed("https://user:pw@app.example.com/cb")).isFalse();
        assertThat(RedirectUris.isAllowed("myapp://callback")).isFalse();
        assertThat(RedirectUris.isAllowed("javascript:alert(1)")).isFalse();
        assertThat(RedirectUris.isAllowed("https://exa mple.com")).isFalse();
    }
}
