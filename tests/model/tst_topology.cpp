// Connectivity and slice health after failures: a host, a cube, an OCS, a power row; spare
// cubes an OCS could swap in.
#include "project/placement.h"
#include "project/project_io.h"
#include "topology/topology.h"

#include <QtTest>

#include <algorithm>
#include <array>

using namespace podplanner::model;

namespace {
Project v4ProjectWith(const std::string& shape, const std::string& cubes = "\"auto\"") {
    const std::string text = R"({"format": "podplanner-project", "version": 1, "name": "t",
      "cluster": {"preset": "tpu-v4-pod"},
      "jobs": [{"name": "j",
        "model": {"layers": 2, "d_model": 512, "heads": 8, "ffn": 2048, "vocab": 1000, "seq_len": 1024},
        "training": {"global_batch_tokens": 1048576, "total_tokens": 1000000000},
        "parallelism": {"fsdp": )" +
                             std::to_string(parseTopology(shape)->chips()) + R"(},
        "placement": {"pod": 0, "shape": ")" +
                             shape + R"(", "cubes": )" + cubes + R"(}}]})";
    return readProject(text);
}
} // namespace

class TopologyTest : public QObject {
    Q_OBJECT
  private slots:
    void healthyPodIsConnectedAndIntact() {
        const Project p = v4ProjectWith("8x8x8");
        const Topology t(p.cluster);
        const auto placement = placeJobs(p).front();
        QVERIFY(t.canReach(0, 4095));
        QVERIFY(t.sliceHealth(placement.slices.front()).intact);
        QCOMPARE(t.chipsOf(placement.slices.front()).size(), std::size_t{512});
    }

    void failedHostTakesItsFourChips() {
        const Project p = v4ProjectWith("8x8x8");
        Topology t(p.cluster);
        const std::int64_t chip = t.chipInCube(0, 0, 1, 1, 0);
        const std::int64_t host = t.locate(chip).host;
        t.setFailed({ComponentKind::Host, host}, true);
        int dead = 0;
        for (std::int64_t c = 0; c < t.chipCount(); ++c)
            dead += t.isChipAlive(c) ? 0 : 1;
        QCOMPARE(dead, 4);
        QVERIFY(!t.canReach(chip, 4095));
        QVERIFY(t.canReach(0 + 64, 4095)); // everyone else still talks (ICI and DCN)
        const auto health = t.sliceHealth(placeJobs(p).front().slices.front());
        QVERIFY(!health.intact);
        // The host's four chips are one reason, named by the host, before the links they cut.
        std::vector<std::int64_t> down;
        for (std::int64_t c = 0; c < t.chipCount(); ++c)
            if (!t.isChipAlive(c))
                down.push_back(c);
        std::string listed;
        for (auto c : down)
            listed += (listed.empty() ? "" : ", ") + std::to_string(c);
        QCOMPARE(QString::fromStdString(health.problems.front()),
                 QString("chips %1 (host %2, rack %3) are down")
                     .arg(QString::fromStdString(listed))
                     .arg(host)
                     .arg(t.locate(chip).rack));
        QVERIFY(QString::fromStdString(health.problems[1]).contains("link"));
        t.setFailed({ComponentKind::Host, host}, false);
        QVERIFY(t.sliceHealth(placeJobs(p).front().slices.front()).intact);
    }

    void failedCubeBreaksOnlyItsSlices() {
        const Project p = v4ProjectWith("4x4x8", "[10, 11]");
        Topology t(p.cluster);
        const auto slice = placeJobs(p).front().slices.front();
        t.setFailed({ComponentKind::Rack, t.floor().chipRackIndex(0, 3)}, true);
        QVERIFY(t.sliceHealth(slice).intact); // cube 3 is not in the slice
        QVERIFY(!t.isChipAlive(t.chipInCube(0, 3, 0, 0, 0)));
        t.setFailed({ComponentKind::Rack, 11}, true);
        QVERIFY(!t.sliceHealth(slice).intact);
        // A spare: the lowest healthy cube not in use (0), and not the failed cube 3.
        const auto spare = t.findSpareCube(0, slice.cubes);
        QVERIFY(spare.has_value());
        QCOMPARE(*spare, 0);
        t.setFailed({ComponentKind::Rack, 0}, true);
        t.setFailed({ComponentKind::Rack, 1}, true);
        t.setFailed({ComponentKind::Rack, 2}, true);
        QCOMPARE(*t.findSpareCube(0, slice.cubes), 4);
    }

    void failedOcsBreaksWholeCubeSlicesButNotSubCubes() {
        const Project whole = v4ProjectWith("4x4x4");
        Topology t(whole.cluster);
        t.setFailed({ComponentKind::Ocs, 5}, true);
        const auto slice = placeJobs(whole).front().slices.front();
        const auto health = t.sliceHealth(slice);
        QVERIFY(!health.intact);
        QVERIFY(QString::fromStdString(health.problems.front()).contains("OCS 5"));
        // Every chip still reaches every other chip (electrical ICI and DCN).
        QCOMPARE(t.connectedChipGroups(), 1LL);
        // No cube can be swapped in while an OCS that every cube needs is down.
        QVERIFY(!t.findSpareCube(0, slice.cubes).has_value());

        const Project sub = v4ProjectWith("2x2x4");
        Topology t2(sub.cluster);
        t2.setFailed({ComponentKind::Ocs, 5}, true);
        QVERIFY(t2.sliceHealth(placeJobs(sub).front().slices.front()).intact);
    }

    void failedLinkIsReported() {
        const Project p = v4ProjectWith("2x2x4");
        Topology t(p.cluster);
        const auto slice = placeJobs(p).front().slices.front();
        // Find the electrical link between chips (0,0,0) and (1,0,0) of cube 0.
        const std::int64_t a = t.chipInCube(0, 0, 0, 0, 0), b = t.chipInCube(0, 0, 1, 0, 0);
        std::int64_t found = -1;
        for (std::int64_t e = 0; e < t.linkCount() && found < 0; ++e) {
            const LinkInfo l = t.link(e);
            if (l.kind == LinkKind::IciElectrical &&
                ((l.a == a && l.b == b) || (l.a == b && l.b == a)))
                found = e;
        }
        QVERIFY(found >= 0);
        t.setFailed({ComponentKind::Link, found}, true);
        QVERIFY(!t.sliceHealth(slice).intact);
        QVERIFY(t.canReach(a, b)); // other paths remain
    }

    void powerRowTakesEveryRackInIt() {
        const Project p = v4ProjectWith("4x4x4");
        Topology t(p.cluster);
        const int row = t.floor().chipRack(0, 0).powerRow;
        t.setFailed({ComponentKind::PowerRow, row}, true);
        int deadCubes = 0;
        for (int c = 0; c < 64; ++c)
            deadCubes += t.isChipAlive(t.chipInCube(0, c, 0, 0, 0)) ? 0 : 1;
        // 8 racks per row, 2 rows per power row.
        QCOMPARE(deadCubes, 16);
        t.clearFailures();
        QCOMPARE(t.connectedChipGroups(), 1LL);
    }

    void gpuNodeFailure() {
        const Project p = readProject(R"({"format": "podplanner-project", "version": 1, "name": "g",
          "cluster": {"preset": "a100-cluster", "overrides": {"pod": {"nodes": 40}}}, "jobs": []})");
        Topology t(p.cluster);
        QCOMPARE(t.chipCount(), 320LL);
        t.setFailed({ComponentKind::Host, 3}, true);
        QVERIFY(!t.isChipAlive(3 * 8 + 5));
        QVERIFY(t.canReach(0, 319));
        QCOMPARE(t.locate(3 * 8 + 5).node, 3);
    }

    // Every link found by its index is the link the graph holds, failures or not: an NVL72
    // cluster has more links than four a chip (its leaves and spines), which once moved the edge
    // list under the index's feet, so that a spare tray's links read as down at random (found
    // through the what-if's tray swap; under ASan a read of freed memory).
    void everyLinkByIndexIsTheGraphsLink() {
        const Project p = readProject(R"({"format": "podplanner-project", "version": 1, "name": "g",
          "cluster": {"preset": "gb200-nvl72"}, "jobs": []})");
        Topology t(p.cluster);
        QVERIFY(t.linkCount() > 4 * t.chipCount());
        std::array<std::int64_t, kLinkKinds> byKind{};
        for (std::int64_t i = 0; i < t.linkCount(); ++i) {
            const LinkInfo link = t.link(i);
            ++byKind[static_cast<std::size_t>(link.kind)];
            QVERIFY(t.isLinkAlive(i));
            const auto ofFrom = t.linksOf(link.a);
            QVERIFY(std::binary_search(ofFrom.begin(), ofFrom.end(), i));
        }
        for (std::size_t k = 0; k < kLinkKinds; ++k)
            QCOMPARE(byKind[k], t.linkCount(static_cast<LinkKind>(k)));
        // A tray down takes its own links only: the rack's two spare trays stay whole.
        t.setFailed({ComponentKind::Host, 0}, true);
        for (std::int64_t chip = 64; chip < 72; ++chip)
            for (const auto link : t.linksOf(chip))
                QVERIFY(t.isLinkAlive(link));
    }

    void rejectsUnknownComponents() {
        Topology t(v4ProjectWith("4x4x4").cluster);
        QVERIFY_THROWS_EXCEPTION(std::out_of_range, t.setFailed({ComponentKind::Ocs, 48}, true));
        QVERIFY_THROWS_EXCEPTION(std::out_of_range, t.setFailed({ComponentKind::Chip, -1}, true));
        // Indices are checked per kind: a chip index past the chips is not a host or an OCS.
        QVERIFY_THROWS_EXCEPTION(std::out_of_range, t.setFailed({ComponentKind::Chip, 4096}, true));
        QVERIFY_THROWS_EXCEPTION(std::out_of_range, t.setFailed({ComponentKind::Host, 1024}, true));
        QVERIFY_THROWS_EXCEPTION(std::out_of_range, t.setFailed({ComponentKind::Switch, 0}, true));
        QVERIFY_THROWS_EXCEPTION(std::out_of_range,
                                 t.setFailed({ComponentKind::PowerRow, t.floor().powerRows}, true));
        QCOMPARE(t.connectedChipGroups(), 1LL);
    }
};

QTEST_GUILESS_MAIN(TopologyTest)
#include "tst_topology.moc"
