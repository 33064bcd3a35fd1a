package com.storageplatform.catalogue.site;

import static org.assertj.core.api.Assertions.assertThat;

import com.storageplatform.kit.validation.Validation;
import com.storageplatform.kit.web.FieldIssue;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The pure rules of site fields, without a server. */
class SiteRulesTest {

    @Test
    void aTimezoneIsARegionNameOfTheTzDatabase() {
        assertThat(List.of("Europe/London", "Europe/Dublin", "America/New_York", "America/Argentina/Buenos_Aires",
                "Australia/Sydney", "Antarctica/Troll", "Arctic/Longyearbyen", "Atlantic/Reykjavik", "Indian/Maldives",
                "Pacific/Auckland", "Africa/Lagos", "Asia/Tokyo"))
                .allMatch(SiteRules::isIanaRegion);
        assertThat(List.of("UTC", "Z", "+01:00", "-05:00", "UTC+1", "GMT", "Etc/UTC", "Etc/GMT+1", "SystemV/EST5",
                "GB", "Europe", "US/Eastern", "europe/london", "Europe/London ", "Europe/Nowhere", "/London"))
                .noneMatch(SiteRules::isIanaRegion);
    }

    @Test
    void aCountryIsAnUpperCaseIsoAlpha2Code() {
        assertThat(List.of("GB", "IE", "FR", "DE", "US", "JE")).allMatch(SiteRules::isCountry);
        assertThat(List.of("gb", "Gb", "UK", "EU", "GBR", "G", "XX")).noneMatch(SiteRules::isCountry);
    }

    @Test
    void aUkPostcodeIsRecognisedWhateverItsCaseAndSpacingAndWrittenCanonically() {
        assertThat(SiteRules.ukPostcode("sw1a2aa")).contains("SW1A 2AA");
        assertThat(SiteRules.ukPostcode(" SW1A   2AA ")).contains("SW1A 2AA");
        assertThat(SiteRules.ukPostcode("M1 1AE")).contains("M1 1AE");
        assertThat(SiteRules.ukPostcode("b338th")).contains("B33 8TH");
        assertThat(SiteRules.ukPostcode("CR2 6XH")).contains("CR2 6XH");
        assertThat(SiteRules.ukPostcode("DN55 1PT")).contains("DN55 1PT");
        assertThat(SiteRules.ukPostcode("W1A 0AX")).contains("W1A 0AX");
        assertThat(SiteRules.ukPostcode("gir 0aa")).contains("GIR 0AA");
    }

    @Test
    void textWithoutAUkPostcodesShapeIsNotOne() {
        for (String text : List.of("", "12345", "SW1A", "2AA", "SW1A 2A", "SW1A 2AAA", "1W1A 2AA", "SWW1A 2AA",
                "SW1A-2AA", "75008")) {
            assertThat(SiteRules.ukPostcode(text)).as(text).isEmpty();
        }
    }

    @Test
    void amenitiesComeBackInTheFixedListsOrder() {
        Validation v = Validation.start();

        List<String> sorted = SiteRules.amenities(v, List.of("wifi", "parking", "24_hour_access", "cctv"));

        assertThat(v.isValid()).isTrue();
        assertThat(sorted).containsExactly("24_hour_access", "cctv", "parking", "wifi");
        assertThat(SiteRules.amenities(v, null)).isEmpty();
    }

    @Test
    void anUnknownAmenityIsInvalidAndARepeatedOneADuplicateAtItsIndex() {
        Validation v = Validation.start();

        SiteRules.amenities(v, Arrays.asList("cctv", "pool", "cctv", null, "Wifi"));

        assertThat(v.issues()).containsExactly(new FieldIssue("amenities[1]", "invalid"),
                new FieldIssue("amenities[2]", "duplicate"), new FieldIssue("amenities[3]", "invalid"),
                new FieldIssue("amenities[4]", "invalid"));
    }

    @Test
    void theFixedListHasFourteenAmenitiesInTheConventionsOrder() {
        assertThat(Amenities.ALL).containsExactly("24_hour_access", "electronic_gate", "cctv", "alarmed_units",
                "climate_control", "drive_up_access", "loading_bay", "lift", "trolleys", "parking", "on_site_staff",
                "packing_supplies", "wifi", "business_centre");
    }

    @Test
    void anAddressIsTrimmedAndAnEmptyLine2IsNone() {
        Validation v = Validation.start();

        Site.Address address = SiteRules.address(v,
                new Site.Address("  1 High Street ", "  ", " Leeds ", " ls1 1aa ", "GB"));

        assertThat(v.isValid()).isTrue();
        assertThat(address).isEqualTo(new Site.Address("1 High Street", null, "Leeds", "LS1 1AA", "GB"));
    }

    @Test
    void aPhoneIsE164() {
        for (String phone : List.of("+441179000000", "+14155550123", "+3531234567")) {
            Validation v = Validation.start();
            SiteRules.phone(v, phone);
            assertThat(v.isValid()).as(phone).isTrue();
        }
        for (String phone : List.of("01179000000", "+44 117 900 0000", "+0441179000000", "+4411790000001234",
                "tel:+441179000000")) {
            Validation v = Validation.start();
            SiteRules.phone(v, phone);
            assertThat(v.issues()).as(phone).containsExactly(new FieldIssue("phone", "invalid"));
        }
    }

    @Test
    void anEmailHasALocalPartAndADomainWithADot() {
        for (String email : List.of("site@example.com", "north.yard+enquiries@storage.co.uk")) {
            Validation v = Validation.start();
            SiteRules.email(v, email);
            assertThat(v.isValid()).as(email).isTrue();
        }
        for (String email : List.of("site", "site@", "@example.com", "site@example", "site @example.com",
                "a@b@example.com", "site@example..com")) {
            Validation v = Validation.start();
            SiteRules.email(v, email);
            assertThat(v.issues()).as(email).containsExactly(new FieldIssue("email", "invalid"));
        }
    }
}
