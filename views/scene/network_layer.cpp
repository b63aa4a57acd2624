#include "network_layer.h"

#include "topology/topology.h"

#include <QObject>

#include <algorithm>
#include <cmath>
#include <map>

namespace podplanner::views {

namespace {
constexpr float kRowPitch = 160;    // as the floor's rows
constexpr int kMaxSpinesDrawn = 64; // per pod; a label says how many there are
constexpr int kWanArcPieces = 24;

struct Extent {
    float minX = 1e30f, maxX = -1e30f, minZ = 1e30f;
    void add(const QVector3D& p) {
        minX = std::min(minX, p.x());
        maxX = std::max(maxX, p.x());
        minZ = std::min(minZ, p.z());
    }
    float midX() const { return (minX + maxX) / 2; }
};
} // namespace

NetworkLayer buildNetworkLayer(const model::Topology& topology,
                               const std::function<QVector3D(const model::Rack&)>& rackPosition) {
    NetworkLayer out;
    const auto& cluster = topology.cluster();
    std::map<int, Extent> pods, sites;
    for (const model::Rack& rack : topology.floor().racks) {
        pods[rack.pod].add(rackPosition(rack));
        sites[rack.site].add(rackPosition(rack));
    }
    auto line = [&out](const QVector3D& a, const QVector3D& b, const QColor& c) {
        out.lines << a << b;
        out.lineColors << c;
    };
    // Site routers, in front of everything.
    std::map<int, QVector3D> routers;
    for (const auto& [site, e] : sites) {
        const QVector3D at(e.midX(), 40, e.minZ - 4 * kRowPitch);
        routers[site] = at;
        out.boxes.push_back({at, QVector3D(160, 80, 80), kSiteRouterColor});
        out.labels << QObject::tr("site router of %1 · WAN %2 Gbit/s, %3 ms")
                          .arg(QString::fromStdString(
                              cluster.sites[static_cast<std::size_t>(site)].name))
                          .arg(cluster.network.wanGbitS)
                          .arg(cluster.network.wanLatencyMs);
    }
    // Each pod's DCN switch, and a GPU pod's spines.
    const bool gpu = cluster.pod.kind == model::PodKind::GpuFatTree;
    for (const auto& [pod, e] : pods) {
        const QVector3D dcn(e.midX(), 25, e.minZ - 2.5f * kRowPitch);
        out.boxes.push_back({dcn, QVector3D(100, 50, 60), kDcnSwitchColor});
        out.labels << QObject::tr("DCN switch of pod %1 · %2:1 oversubscribed")
                          .arg(pod)
                          .arg(cluster.network.dcnOversubscription);
        line(dcn, routers[cluster.siteOfPod(pod)], kDcnLinkColor);
        if (!gpu)
            continue;
        const std::int64_t spines = cluster.pod.spineSwitches();
        const int drawn = static_cast<int>(std::min<std::int64_t>(spines, kMaxSpinesDrawn));
        for (int s = 0; s < drawn; ++s) {
            const float t =
                drawn > 1 ? static_cast<float>(s) / static_cast<float>(drawn - 1) : 0.5f;
            const QVector3D at(e.minX + (e.maxX - e.minX) * t, 12, e.minZ - 1.3f * kRowPitch);
            out.boxes.push_back({at, QVector3D(24, 24, 24), kDcnSwitchColor});
            out.labels << QObject::tr("spine switch %1 of %2 in pod %3 · leaves of %4 ports")
                              .arg(s * spines / std::max(1, drawn))
                              .arg(spines)
                              .arg(pod)
                              .arg(cluster.pod.leafRadix);
            line(at, dcn, kDcnLinkColor);
        }
    }
    // The WAN: an arc over the floor between every two sites.
    for (auto a = routers.begin(); a != routers.end(); ++a)
        for (auto b = std::next(a); b != routers.end(); ++b) {
            const QVector3D from = a->second, to = b->second;
            const float height = std::max(400.0f, (to - from).length() / 3);
            QVector3D previous = from;
            for (int k = 1; k <= kWanArcPieces; ++k) {
                const float t = static_cast<float>(k) / kWanArcPieces;
                const QVector3D point =
                    from * (1 - t) + to * t + QVector3D(0, height * std::sin(t * 3.14159265f), 0);
                line(previous, point, kWanLinkColor);
                previous = point;
            }
        }
    return out;
}

} // namespace podplanner::views
