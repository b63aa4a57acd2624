// Slice torus coordinates and mesh coordinates: every chip of a slice gets its own place on the
// slice's grid, and every chip of a job its own place in the mesh; a mesh axis laid on a torus
// axis groups exactly the chips on one line of that axis.
#include "analysis/project_analysis.h"
#include "perf/mesh_coordinates.h"
#include "project/project_io.h"
#include "topology/slice_coordinates.h"

#include <QtTest>

#include <set>

using namespace podplanner::model;

namespace {
Project example(const char* name) {
    return loadProjectFile(std::string(PODPLANNER_SOURCE_DIR "/resources/examples/") + name);
}
} // namespace

class MeshCoordinatesTest : public QObject {
    Q_OBJECT
  private slots:
    void sliceCoordinatesFillTheSliceGrid() {
        const Project p = example("ironwood-shared.podplanner");
        const auto analysis = analyzeProject(p, {});
        QVERIFY(analysis.hasNumbers());
        for (const auto& placement : analysis.placements)
            for (const auto& slice : placement.slices) {
                const auto coords = sliceTorusCoordinates(p.cluster.pod, slice);
                QCOMPARE(static_cast<std::int64_t>(coords.size()), slice.chips);
                const auto& d = slice.geometry->dims;
                std::set<std::array<int, 3>> distinct(coords.begin(), coords.end());
                QCOMPARE(static_cast<std::int64_t>(distinct.size()), slice.chips);
                for (const auto& c : coords)
                    for (std::size_t a = 0; a < 3; ++a)
                        QVERIFY(c[a] >= 0 && c[a] < (a < d.size() ? d[a] : 1));
                // Each cube is one 4x4x4 block of the grid.
                if (!slice.geometry->subCube)
                    for (std::size_t i = 0; i < coords.size(); i += 64)
                        for (std::size_t a = 0; a < 3; ++a)
                            QCOMPARE(coords[i][a] % 4, 0);
            }
    }

    void tpOnXGroupsTheChipsOfOneXLine() {
        const Project p = example("ironwood-shared.podplanner");
        const auto analysis = analyzeProject(p, {});
        const auto& layout = analysis.performance.jobs[0].layout; // fsdp 256 x tp 8, tp on x
        const auto mesh = perf::meshCoordinates(*analysis.topology, analysis.placements[0], layout);
        QCOMPARE(static_cast<std::int64_t>(mesh.chips.size()), std::int64_t{2048});
        std::set<perf::MeshSizes> distinct(mesh.mesh.begin(), mesh.mesh.end());
        QCOMPARE(distinct.size(), mesh.chips.size());
        const auto coords =
            sliceTorusCoordinates(p.cluster.pod, analysis.placements[0].slices.front());
        std::map<std::int64_t, std::set<std::pair<int, int>>> yzOfTpGroup;
        std::map<std::int64_t, std::set<int>> xOfTpGroup;
        for (std::size_t i = 0; i < mesh.chips.size(); ++i) {
            const auto group = perf::meshGroup(mesh.mesh[i], mesh.sizes, perf::kTp);
            yzOfTpGroup[group].insert({coords[i][1], coords[i][2]});
            xOfTpGroup[group].insert(coords[i][0]);
            QCOMPARE(mesh.mesh[i][perf::kTp], coords[i][0]); // tp takes x, stride 1
        }
        QCOMPARE(yzOfTpGroup.size(), std::size_t{256});
        for (const auto& [group, yz] : yzOfTpGroup) {
            QCOMPARE(yz.size(), std::size_t{1});                // one (y, z) line
            QCOMPARE(xOfTpGroup[group].size(), std::size_t{8}); // all of x
        }
    }

    void gpuJobAcrossNodes() {
        const Project p = example("h100-cluster-70b.podplanner");
        const auto analysis = analyzeProject(p, {});
        QVERIFY(analysis.hasNumbers());
        const auto& layout = analysis.performance.jobs[0].layout;
        const auto mesh = perf::meshCoordinates(*analysis.topology, analysis.placements[0], layout);
        QCOMPARE(static_cast<std::int64_t>(mesh.chips.size()), analysis.performance.jobs[0].chips);
        std::set<perf::MeshSizes> distinct(mesh.mesh.begin(), mesh.mesh.end());
        QCOMPARE(distinct.size(), mesh.chips.size());
        for (const auto& c : mesh.mesh)
            for (std::size_t a = 0; a < perf::kMeshAxes; ++a)
                QVERIFY(c[a] >= 0 && c[a] < mesh.sizes[a]);
    }
};

QTEST_MAIN(MeshCoordinatesTest)
#include "tst_mesh_coordinates.moc"
