// InfraGraph import and export (model/interop/infragraph*): the two shipped conversions of
// InfraGraph blueprints load, give the pods they describe and evaluate with a job; every
// bundled example's cluster survives export -> import; what cannot be mapped is refused with
// its pointer.
#include "interop/infragraph.h"
#include "interop_fixture.h"

#include "core/input_error.h"
#include "core/json_reader.h"
#include "perf/evaluate.h"
#include "presets/presets.h"

#include <QtTest>

using namespace podplanner::model;
using namespace podplanner::model::interop;
using namespace interop_test;

namespace {

std::string file(const std::string& name) {
    return readWholeFile(sourcePath("resources/examples/infragraph/" + name), 1 << 24);
}

// A small dense job over every chip of the cluster, evaluated.
void evaluateWithJob(Project project) {
    Job j;
    j.name = "probe";
    j.model = findBuiltinModel("llama3-8b")->model;
    const int chips = static_cast<int>(project.cluster.chips());
    j.parallelism.tp = std::min(8, project.cluster.pod.gpusPerNode);
    j.parallelism.dp = chips / j.parallelism.tp;
    j.training.globalBatchTokens = std::int64_t{j.parallelism.dp} * j.model.seqLen;
    j.training.totalTokens = j.training.globalBatchTokens * 1000;
    j.placement.nodes = project.cluster.pod.nodes;
    project.jobs = {j};
    project = readProject(writeProject(project));
    const auto e = perf::evaluateProject(project);
    QVERIFY(e.jobs.at(0).step.stepS > 0);
}

} // namespace

class TestInfraGraph : public QObject {
    Q_OBJECT
  private slots:
    void dgxH100TwoTierClos() {
        const auto imported = importInfraGraph(file("dgx-h100-2-tier-clos.json"), "x.json", {});
        const Project p = projectFromCluster(imported.name, imported.clusterJson);
        QCOMPARE(p.cluster.chip.id, std::string("h100-sxm")); // "NVIDIA H100 / H200 SXM5"
        QCOMPARE(p.cluster.pod.nodes, 16);                    // 2 x 8^2 / 8 NICs
        QCOMPARE(p.cluster.pod.gpusPerNode, 8);               // one NVLink domain over 4 NVSwitches
        QCOMPARE(p.cluster.pod.leafRadix, 16);
        QCOMPARE(p.cluster.pod.oversubscription, 1.0); // 8 down : 8 up per leaf
        QVERIFY(!p.cluster.pod.railOptimized);         // a node's 8 NICs all reach one leaf
        QCOMPARE(p.cluster.chip.dcnGbitS, 100.0);      // tier_0_link, one 100 Gb/s NIC per GPU
        evaluateWithJob(p);
    }

    // H200 has no preset cluster of its own: h100-cluster with the chip swapped, so its memory
    // is H200's and the document's bandwidths are not applied (said in a note).
    void h200ComesInTheH100Cluster() {
        InfraGraphOptions options;
        options.chip = "h200-sxm";
        const auto imported =
            importInfraGraph(file("dgx-h100-2-tier-clos.json"), "x.json", options);
        const Project p = projectFromCluster(imported.name, imported.clusterJson);
        QCOMPARE(p.cluster.chip.id, std::string("h200-sxm"));
        QCOMPARE(p.cluster.chip.hbmGib, 140.4);
        QCOMPARE(p.cluster.pod.nodes, 16);
        QVERIFY(anyNoteSays(imported.notes, "h200-sxm has no preset cluster"));
        evaluateWithJob(p);
        // The same from the xpu's own description when it names H200 alone.
        std::string text = file("dgx-h100-2-tier-clos.json");
        const std::string both = "H100 / H200";
        QVERIFY(text.find(both) != std::string::npos);
        text.replace(text.find(both), both.size(), "H200");
        const auto named = importInfraGraph(text, "x.json", {});
        QCOMPARE(projectFromCluster(named.name, named.clusterJson).cluster.chip.id,
                 std::string("h200-sxm"));
    }

    // InfraGraph's dgx_gb200 profile names its xpus "NVIDIA Grace Blackwell Superchip": GB200,
    // not B200 (whose name it contains), with a note that the NVL72 preset joins 18 trays.
    void graceBlackwellIsGb200() {
        std::string text = file("dgx-h100-2-tier-clos.json");
        const std::string both = "NVIDIA H100 / H200 SXM5";
        QVERIFY(text.find(both) != std::string::npos);
        auto import = [&](const std::string& name) {
            std::string named = text;
            named.replace(named.find(both), both.size(), name);
            return importInfraGraph(named, "x.json", {});
        };
        auto chipOf = [](const InfraGraphImport& imported) {
            const Project p = projectFromCluster(imported.name, imported.clusterJson);
            evaluateWithJob(p);
            return p.cluster.chip.id;
        };
        const auto gb200 = import("NVIDIA Grace Blackwell Superchip");
        QCOMPARE(chipOf(gb200), std::string("gb200"));
        QVERIFY(anyNoteSays(gb200.notes, "gb200-nvl72 preset"));
        QCOMPARE(chipOf(import("NVIDIA GB300 Grace Blackwell Ultra Superchip")),
                 std::string("gb300"));
        const auto b200 = import("NVIDIA B200 SXM");
        QCOMPARE(chipOf(b200), std::string("b200"));
        QVERIFY(!anyNoteSays(b200.notes, "gb200-nvl72 preset"));
    }

    // The same blueprint in YAML (InfraGraph publishes its blueprints so) gives the same cluster.
    void yamlAndJsonAgree() {
        const auto fromJson = importInfraGraph(file("dgx-h100-2-tier-clos.json"), "x.json", {});
        const auto fromYaml = importInfraGraph(file("dgx-h100-2-tier-clos.yaml"), "x.yaml", {});
        QCOMPARE(fromYaml.clusterJson, fromJson.clusterJson);
        // A YAML syntax error names its line and column.
        const std::string e =
            errorOf([] { importInfraGraph("name: x\ndevices:\n  - [unclosed\n", "bad.yaml", {}); });
        QVERIFY2(e.find("line ") != std::string::npos && e.find("valid YAML") != std::string::npos,
                 e.c_str());
        // A number past a double's range (the fuzzer's find: it threw std::out_of_range).
        const std::string big =
            errorOf([] { importInfraGraph("name: x\nsize: 3.0111E1115\n", "big.yaml", {}); });
        QVERIFY2(big.find("line 2") != std::string::npos &&
                     big.find("1.8e308") != std::string::npos,
                 big.c_str());
    }

    void serverThreeTierClos() {
        const std::string text = file("server-3-tier-clos.json");
        const std::string e = errorOf([&] { importInfraGraph(text, "x.json", {}); });
        QVERIFY2(e.find("/devices/0/components/1") != std::string::npos &&
                     e.find("--chip") != std::string::npos,
                 e.c_str()); // "Generic GPU/XPU" names no chip
        const auto imported = importInfraGraph(text, "x.json", {"a100-sxm-80gb", ""});
        const Project p = projectFromCluster(imported.name, imported.clusterJson);
        QCOMPARE(p.cluster.pod.nodes, 8); // 2 x 2^3 / 2
        QCOMPARE(p.cluster.pod.gpusPerNode, 2);
        QCOMPARE(p.cluster.pod.leafRadix, 4);
        QVERIFY(anyNoteSays(imported.notes, "3 switch tiers"));
        evaluateWithJob(p);
    }

    void everyExampleClusterRoundTrips() {
        for (const char* name :
             {"v4-pod-gpt3", "ironwood-shared", "h100-cluster-70b", "multisite-405b"}) {
            const Project original = emptied(name);
            if (original.cluster.sites.size() > 1)
                continue; // sites are not written (docs/interop.md)
            const std::string doc = exportInfraGraph(original);
            const auto imported = importInfraGraph(doc, "x.json", {});
            const Project back = projectFromCluster(name, imported.clusterJson);
            const PodSpec &a = original.cluster.pod, &b = back.cluster.pod;
            QCOMPARE(back.cluster.chip.id, original.cluster.chip.id);
            QCOMPARE(back.cluster.chips(), original.cluster.chips());
            QCOMPARE(b.cube, a.cube);
            QCOMPARE(b.cubes, a.cubes);
            QCOMPARE(b.nodes, a.nodes);
            QCOMPARE(b.gpusPerNode, a.gpusPerNode);
            QCOMPARE(b.leafRadix, a.leafRadix);
            QCOMPARE(b.railOptimized, a.railOptimized);
            QCOMPARE(b.chipsPerHost, a.chipsPerHost);
            QCOMPARE(back.cluster.chip.iciLinkGbyteS, original.cluster.chip.iciLinkGbyteS);
            QCOMPARE(back.cluster.chip.nvlinkGbyteS, original.cluster.chip.nvlinkGbyteS);
        }
    }

    void refusals() {
        // A YAML document without the schema's parts is refused like a JSON one.
        std::string e =
            errorOf([] { importInfraGraph("infrastructure:\n  name: x\n", "a.yaml", {}); });
        QVERIFY2(e.find("/") != std::string::npos, e.c_str());
        std::string ring = file("dgx-h100-2-tier-clos.json");
        ring.replace(ring.find("\"one2one\""), 9, "\"ring\"");
        e = errorOf([&] { importInfraGraph(ring, "x.json", {}); });
        QVERIFY2(e.find("scheme") != std::string::npos, e.c_str());
        std::string noPorts = file("dgx-h100-2-tier-clos.json");
        noPorts.replace(noPorts.find("\"tier_0[0]\""), 11, "\"tier_9[0]\"");
        e = errorOf([&] { importInfraGraph(noPorts, "x.json", {}); });
        QVERIFY2(e.find("/edges/0/ep2/instance") != std::string::npos, e.c_str());
        // Where an array belongs, anything else is refused with its place, not indexed (the
        // fuzzer found an object under a device's "links"; tests/data/fuzz/launch).
        for (const char* path : {"/links", "/devices/0/links", "/devices/0/edges", "/edges"}) {
            Json doc = Json::parse(file("dgx-h100-2-tier-clos.json"));
            doc[Json::json_pointer(path)] = Json{{"0", 1}};
            e = errorOf([&] { importInfraGraph(doc.dump(), "x.json", {}); });
            QVERIFY2(e.find(path) != std::string::npos && e.find("array") != std::string::npos,
                     e.c_str());
        }
        Json typed = Json::parse(file("dgx-h100-2-tier-clos.json"));
        typed["devices"][0]["components"][0]["custom"] = Json{{"type", 7}};
        e = errorOf([&] { importInfraGraph(typed.dump(), "x.json", {}); });
        QVERIFY2(e.find("/devices/0/components/0/custom/type") != std::string::npos, e.c_str());
    }
};

QTEST_GUILESS_MAIN(TestInfraGraph)
#include "tst_infragraph.moc"
