package com.storageplatform.auth.operator;

import static org.assertj.core.api.Assertions.assertThat;

import com.storageplatform.kit.autoconfigure.StrictJson;
import java.util.List;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.json.JsonMapper;

class SettingsPatchTest {

    private final JsonMapper json = StrictJson.mapper();

    private SettingsPatch patch(String body) {
        return json.readValue(body, SettingsPatch.class).validated();
    }

    @Test
    void anAbsentFieldKeepsItsValueAndNullClearsTheReason() {
        OperatorSettings current = new OperatorSettings(true, true, false, "Price", false, List.of("https://a.example"));
        assertThat(patch("{}").applyTo(current)).isEqualTo(current);
        assertThat(patch("{\"void_overdue_enabled\": true}").applyTo(current))
                .isEqualTo(new OperatorSettings(true, true, true, "Price", false, List.of("https://a.example")));
        assertThat(patch("{\"deal_lost_default_reason\": null, \"published_website_urls\": []}").applyTo(current))
                .isEqualTo(new OperatorSettings(true, true, false, null, false, List.of()));
    }

    @Test
    void websiteUrlsMustBeAbsoluteHttps() {
        assertThat(SettingsPatch.isAbsoluteHttpsUrl("https://acme.example/book?x=1")).isTrue();
        assertThat(SettingsPatch.isAbsoluteHttpsUrl("http://acme.example")).isFalse();
        assertThat(SettingsPatch.isAbsoluteHttpsUrl("https:///path-only")).isFalse();
        assertThat(SettingsPatch.isAbsoluteHttpsUrl("acme.example")).isFalse();
        assertThat(SettingsPatch.isAbsoluteHttpsUrl("https://user@acme.example")).isFalse();
    }
}
