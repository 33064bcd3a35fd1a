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
                7, 5000L, "https://my.a.example", null, 28);
        assertThat(patch("{}").applyTo(current)).isEqualTo(current);
        assertThat(patch("{\"void_overdue_enabled\": true}").applyTo(current))
                .isEqualTo(new OperatorSettings(true, true, true, "Price", false, List.of("https://a.example"), 7,
                        5000L, "https://my.a.example", null, 28));
        assertThat(patch("{\"deal_lost_default_reason\": null, \"published_website_urls\": []}").applyTo(current))
                .isEqualTo(new OperatorSettings(true, true, false, null, false, List.of(), 7, 5000L,
                        "https://my.a.example", null, 28));
    }

    @Test
    void theHoldChangesAndNullClearsTheDepositAndThePortal() {
        OperatorSettings current = OperatorSettings.DEFAULTS;
        OperatorSettings set = patch("{\"reservation_hold_days\": 30, \"refundable_deposit_minor\": 0, "
                + "\"customer_portal_url\": \"https://my.a.example/orders\"}").applyTo(current);
        assertThat(set).isEqualTo(new OperatorSettings(false, false, false, null, true, List.of(), 30, 0L,
                "https://my.a.example/orders", null, 28));
        assertThat(patch("{\"refundable_deposit_minor\": null, \"customer_portal_url\": null}").applyTo(set))
                .isEqualTo(new OperatorSettings(false, false, false, null, true, List.of(), 30, null, null, null, 28));
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
    void thePriceIncreaseNoticeIs28DaysByDefaultAndSetFrom0To365() {
        assertThat(OperatorSettings.DEFAULTS.priceIncreaseNoticeDays()).isEqualTo(28);
        assertThat(patch("{\"price_increase_notice_days\": 0}").applyTo(OperatorSettings.DEFAULTS)
                .priceIncreaseNoticeDays()).isZero();
        assertThat(patch("{\"price_increase_notice_days\": 365}").applyTo(OperatorSettings.DEFAULTS)
                .priceIncreaseNoticeDays()).isEqualTo(365);
        for (String bad : List.of("-1", "366", "null")) {
            assertThatThrownBy(() -> patch("{\"price_increase_notice_days\": " + bad + "}"))
                    .isInstanceOfSatisfying(ApiException.class, e -> assertThat(e.details())
                            .extracting(i -> i.field()).containsExactly("price_increase_notice_days"));
        }
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
