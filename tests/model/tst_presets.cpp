// Built-in presets: counts of chips, hosts, cubes, OCS and racks match HARDWARE.md, and every
// chip number carries a source.
#include "presets/presets.h"
#include "project/project_io.h"
#include "topology/topology.h"

#include <QtTest>

using namespace podplanner::model;

namespace {
ClusterSpec presetCluster(const QString& id) {
    return builtinCluster(id.toStdString());
}
} // namespace

class PresetsTest : public QObject {
    Q_OBJECT
  private slots:
    void clusterCounts_data() {
        QTest::addColumn<QString>("preset");
        QTest::addColumn<qint64>("chips");
        QTest::addColumn<qint64>("hosts");
        QTest::addColumn<qint64>("cubes");
        QTest::addColumn<qint64>("ocs");
        QTest::addColumn<int>("pods");
        // v4: 64 cubes of 4x4x4, 16 hosts of 4 chips per cube, 48 OCS (ISCA 2023).
        QTest::newRow("tpu-v4-pod") << "tpu-v4-pod" << 4096LL << 1024LL << 64LL << 48LL << 1;
        QTest::newRow("tpu-v5p-pod") << "tpu-v5p-pod" << 8960LL << 2240LL << 140LL << 48LL << 1;
        QTest::newRow("tpu-ironwood-pod")
            << "tpu-ironwood-pod" << 9216LL << 2304LL << 144LL << 48LL << 1;
        QTest::newRow("tpu-v5e-pod") << "tpu-v5e-pod" << 256LL << 32LL << 0LL << 0LL << 1;
        QTest::newRow("a100-cluster") << "a100-cluster" << 8192LL << 1024LL << 0LL << 0LL << 1;
        QTest::newRow("h100-cluster") << "h100-cluster" << 8192LL << 1024LL << 0LL << 0LL << 1;
        // 128 NVL72 racks: 18 compute trays of 4 GPUs each.
        QTest::newRow("gb200-nvl72") << "gb200-nvl72" << 9216LL << 2304LL << 0LL << 0LL << 1;
        QTest::newRow("ironwood-multisite")
            << "ironwood-multisite" << 110592LL << 27648LL << 1728LL << 576LL << 12;
    }
    void clusterCounts() {
        QFETCH(QString, preset);
        QFETCH(qint64, chips);
        QFETCH(qint64, hosts);
        QFETCH(qint64, cubes);
        QFETCH(qint64, ocs);
        QFETCH(int, pods);
        const ClusterSpec cluster = presetCluster(preset);
        QCOMPARE(cluster.chips(), chips);
        QCOMPARE(cluster.podCount(), pods);
        const Topology topology(cluster);
        QCOMPARE(topology.vertexCount(VertexKind::Chip), chips);
        QCOMPARE(topology.vertexCount(VertexKind::Host), hosts);
        QCOMPARE(topology.vertexCount(VertexKind::Cube), cubes);
        QCOMPARE(topology.vertexCount(VertexKind::Ocs), ocs);
        // Every chip has a host link; a healthy cluster is one connected group.
        QCOMPARE(topology.linkCount(LinkKind::HostLink), chips);
        QCOMPARE(topology.connectedChipGroups(), 1LL);
    }

    void v4OpticalLinks() {
        // 6 faces x 16 links per cube; 64 cubes -> 6,144 optical links (ISCA 2023).
        const Topology topology(presetCluster("tpu-v4-pod"));
        QCOMPARE(topology.linkCount(LinkKind::IciOptical), 6144LL);
        // 3 axes x 3 x 16 neighbour links inside each cube (no wraparound inside a cube).
        QCOMPARE(topology.linkCount(LinkKind::IciElectrical), 64LL * 144);
    }

    void v5eIsA16x16TorusWithoutOcs() {
        const Topology topology(presetCluster("tpu-v5e-pod"));
        QCOMPARE(topology.linkCount(LinkKind::IciElectrical), 2LL * 256);
        QCOMPARE(topology.linkCount(LinkKind::IciOptical), 0LL);
    }

    void gpuClusterHasNvlinkAndRails() {
        const Topology topology(presetCluster("h100-cluster"));
        QCOMPARE(topology.linkCount(LinkKind::NvLink), 8192LL);
        QCOMPARE(topology.vertexCount(VertexKind::NvSwitch), 1024LL);
        // 64-port leaves at 1:1 -> 32 nodes per scalable unit, 8 rails -> 32 units x 8 leaves.
        QCOMPARE(topology.vertexCount(VertexKind::LeafSwitch), 256LL);
        QCOMPARE(topology.vertexCount(VertexKind::SpineSwitch), 128LL);
    }

    void nvl72TraysAreHostsAndJobsLeaveTwoSpare() {
        const ClusterSpec cluster = presetCluster("gb200-nvl72");
        QCOMPARE(cluster.pod.gpusPerNode, 72);
        QCOMPARE(cluster.pod.chipsPerHost, 4);
        QCOMPARE(cluster.pod.jobGpusPerNode(), 64);
        Topology topology(cluster);
        // One NVLink switch (domain) a rack; a tray's GPUs share its host, the next tray's not.
        QCOMPARE(topology.vertexCount(VertexKind::NvSwitch), 128LL);
        QCOMPARE(topology.locate(0).host, topology.locate(3).host);
        QVERIFY(topology.locate(3).host != topology.locate(4).host);
        QCOMPARE(topology.locate(71).host, std::int64_t{17});
        QCOMPARE(topology.locate(72).host, std::int64_t{18});
        // A job placed on a rack uses its first 16 trays; the last two stay free as spares.
        PlacedSlice rack;
        rack.pod = 0;
        rack.nodes = {1};
        rack.chips = 64;
        const auto chips = topology.chipsOf(rack);
        QCOMPARE(chips.size(), std::size_t{64});
        QCOMPARE(chips.front(), std::int64_t{72});
        QCOMPARE(chips.back(), std::int64_t{72 + 63});
    }

    void everyChipNumberHasASource_data() {
        QTest::addColumn<QString>("chip");
        for (const auto& chip : builtinChips())
            QTest::newRow(chip.id.c_str()) << QString::fromStdString(chip.id);
    }
    void everyChipNumberHasASource() {
        QFETCH(QString, chip);
        const ChipType* c = findBuiltinChip(chip.toStdString());
        QVERIFY(c);
        const bool gpu = c->isGpu();
        for (const char* field : {"peak_tflops", "hbm_gib", "hbm_gbyte_s", "dcn_gbit_s", "power_w",
                                  "price_usd_per_hour"})
            QVERIFY2(!c->source.at(field).empty(), field);
        QVERIFY(!c->source.at(gpu ? "nvlink_gbyte_s" : "ici_link_gbyte_s").empty());
    }

    void hardwareFigures() {
        // A few figures straight from HARDWARE.md.
        QCOMPARE(findBuiltinChip("tpu-v4")->peakTflops.at("bf16"), 275.0);
        QCOMPARE(findBuiltinChip("tpu-v5p")->hbmGbyteS, 2765.0);
        QCOMPARE(findBuiltinChip("tpu-ironwood")->peakTflops.at("fp8"), 4614.0);
        QCOMPARE(findBuiltinChip("h100-sxm")->peakTflops.at("bf16"), 989.0);
        QCOMPARE(findBuiltinChip("a100-sxm-80gb")->nvlinkGbyteS, 300.0);
        QVERIFY(findBuiltinChip("tpu-v4")->twistedTorus);
        QVERIFY(!findBuiltinChip("tpu-v5e")->twistedTorus);
    }

    void modelPresets() {
        const ModelPreset* m = findBuiltinModel("llama3-405b");
        QVERIFY(m);
        QCOMPARE(m->model.layers, 126);
        QCOMPARE(m->model.dModel, 16384);
        QVERIFY(findBuiltinModel("mixtral-8x7b")->model.isMoe());
        const ModelSpec& deepSeek = findBuiltinModel("deepseek-v3-671b")->model;
        QVERIFY(deepSeek.isMla());
        QCOMPARE(deepSeek.denseLayers, 3);
        QCOMPARE(deepSeek.qkHeadDim(), 192);
    }
};

QTEST_GUILESS_MAIN(PresetsTest)
#include "tst_presets.moc"
