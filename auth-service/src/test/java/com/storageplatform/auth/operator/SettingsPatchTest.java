package com.storageplatform.auth.operator;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.storageplatform.kit.autoconfigure.StrictJson;
import com.storageplatform.kit.web.ApiException;
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
        OperatorSettings current = new OperatorSettings(true, true, false, "Price", false, List.of("https://a.example"),
                7, 5000L, "https://my.a.example", null);
        assertThat(patch("{}").applyTo(current)).isEqualTo(current);
        assertThat(patch("{\"void_overdue_enabled\": true}").applyTo(current))
                .isEqualTo(new OperatorSettings(true, true, true, "Price", false, List.of("https://a.example"), 7,
                        5000L, "https://my.a.example", null));
        assertThat(patch("{\"deal_lost_default_reason\": null, \"published_website_urls\": []}").applyTo(current))
                .isEqualTo(new OperatorSettings(true, true, false, null, false, List.of(), 7, 5000L,
                        "https://my.a.example", null));
    }

    @Test
    void theHoldChangesAndNullClearsTheDepositAndThePortal() {
        OperatorSettings current = OperatorSettings.DEFAULTS;
        OperatorSettings set = patch("{\"reservation_hold_days\": 30, \"refundable_deposit_minor\": 0, "
                + "\"customer_portal_url\": \"https://my.a.example/orders\"}").applyTo(current);
        assertThat(set).isEqualTo(new OperatorSettings(false, false, false, null, true, List.of(), 30, 0L,
                "https://my.a.example/orders", null));
        assertThat(patch("{\"refundable_deposit_minor\": null, \"customer_portal_url\": null}").applyTo(set))
                .isEqualTo(new OperatorSettings(false, false, false, null, true, List.of(), 30, null, null, null));
        assertThat(OperatorSettings.DEFAULTS.reservationHoldDays()).isEqualTo(7);
        assertThat(OperatorSettings.DEFAULTS.refundableDepositMinor()).isNull();
        assertThat(OperatorSettings.DEFAULTS.customerPortalUrl()).isNull();
    }

    @Test
    void theNotificationEmailIsStoredInLowerCaseAndNullClearsIt() {
        OperatorSettings set = patch("{\"notification_email\": \"Ops@Harbour-Storage.example\"}")
                .applyTo(OperatorSettings.DEFAULTS);
        assertThat(set.notificationEmail()).isEqualTo("ops@harbour-storage.example");
        assertThat(patch("{\"notification_email\": null}").applyTo(set).notificationEmail()).isNull();
        assertThat(OperatorSettings.DEFAULTS.notificationEmail()).isNull();
    }

    @Test
    void aNotificationEmailThatIsNoAddressIsInvalid() {
        assertThatThrownBy(() -> patch("{\"notification_email\": \"ops@localhost\"}"))
                .isInstanceOfSatisfying(ApiException.class, e -> assertThat(e.details())
                        .extracting(i -> i.field() + " " + i.issue()).containsExactly("notification_email invalid"));
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
