package com.storageplatform.catalogue.unitimport;

import static org.assertj.core.api.Assertions.assertThat;

import com.storageplatform.catalogue.site.Sites;
import com.storageplatform.catalogue.unitimport.UnitImportBatch.Row;
import com.storageplatform.catalogue.unitimport.UnitImportRules.Judged;
import com.storageplatform.catalogue.unitimport.UnitImportRules.Known;
import com.storageplatform.catalogue.unittype.UnitType;
import com.storageplatform.kit.id.Ids;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/** The row rules of an import batch that need no database: how sites and unit types are named. */
class UnitImportRulesTest {

    final Sites.Named bristol = new Sites.Named(Ids.newId(), "Bristol", "active");
    final Sites.Named bath = new Sites.Named(Ids.newId(), "Bath", "active");
    final Sites.Named bathToo = new Sites.Named(Ids.newId(), "Bath", "inactive");
    final UnitType small = type(bristol.id(), "Small", "active");
    final UnitType old = type(bristol.id(), "Old", "archived");
    final Known known = new Known(List.of(bristol, bath, bathToo), List.of(small, old), Map.of());

    @Test
    void aSiteIsNamedByItsIdOrItsExactNameAndTwoSitesOfOneNameNeedTheId() {
        assertThat(problems(row(2, "Bristol", "Small", null))).isEmpty();
        assertThat(problems(row(2, bristol.id().toString(), small.id().toString(), null))).isEmpty();
        assertThat(problems(row(2, "bristol", "Small", null))).containsExactly("site not_found");
        assertThat(problems(row(2, "Bath", "Small", null))).containsExactly("site invalid");
        assertThat(problems(row(2, bathToo.id().toString(), "Small", null))).containsExactly("unit_type not_found");
        assertThat(problems(row(2, " ", " ", null))).containsExactly("site required");
        assertThat(problems(row(2, "Bristol", null, null))).containsExactly("unit_type required");
    }

    @Test
    void onlyAnArchivedUnitMayBeOfAnArchivedUnitType() {
        assertThat(problems(row(2, "Bristol", "Old", null))).containsExactly("unit_type not_allowed");
        assertThat(problems(row(2, "Bristol", "Old", "archived"))).isEmpty();
    }

    @Test
    void aRowWithoutProblemsIsAUnitOfItsSiteAndTypeWithTheStatusAvailableByDefault() {
        Judged judged = UnitImportRules.judge(List.of(row(7, "Bristol", "Small", null)), known);

        assertThat(judged.units().get(7).siteId()).isEqualTo(bristol.id());
        assertThat(judged.units().get(7).unitTypeId()).isEqualTo(small.id());
        assertThat(judged.units().get(7).status()).isEqualTo("available");
    }

    List<String> problems(Row row) {
        return UnitImportRules.judge(List.of(row), known).problems().stream()
                .map(problem -> problem.column() + " " + problem.issue()).toList();
    }

    static Row row(int row, String site, String unitType, String status) {
        return new Row(row, site, unitType, "A" + row, null, status, List.of(), null);
    }

    static UnitType type(UUID siteId, String name, String status) {
        return new UnitType(Ids.newId(), UnitType.OBJECT, siteId, name, null, null, null, null, 2500, "GBP",
                "standard_20", List.of(), status, Instant.now(), Instant.now());
    }
}
