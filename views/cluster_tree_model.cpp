#include "cluster_tree_model.h"

#include "analysis/project_analysis.h"
#include "topology/slice_shape.h"

namespace podplanner::views {

int ClusterTreeModel::add(QVector<Node>& nodes, int parent, QString label, QString kind,
                          qint64 index, QString detail) {
    Node node{std::move(label), std::move(kind), index, std::move(detail), parent, 0, {}};
    const int id = static_cast<int>(nodes.size());
    if (parent >= 0) {
        node.row = static_cast<int>(nodes[parent].children.size());
        nodes[parent].children.push_back(id);
    }
    nodes.push_back(std::move(node));
    return id;
}

bool ClusterTreeModel::sameShape(const QVector<Node>& a, const QVector<Node>& b) {
    if (a.size() != b.size())
        return false;
    for (int n = 0; n < a.size(); ++n)
        if (a[n].parent != b[n].parent || a[n].kind != b[n].kind ||
            a[n].children.size() != b[n].children.size())
            return false;
    return true;
}

void ClusterTreeModel::clear() {
    beginResetModel();
    nodes_.clear();
    signature_.clear();
    endResetModel();
}

void ClusterTreeModel::setProject(const model::Project& project,
                                  const model::ProjectAnalysis& analysis) {
    // What the tree shows; an edit that leaves it the same keeps the user's expanded rows.
    QString signature = QString::fromStdString(project.cluster.name);
    for (std::size_t j = 0; j < project.jobs.size(); ++j) {
        signature += '|' + QString::fromStdString(project.jobs[j].name);
        if (j < analysis.placements.size())
            for (const auto& s : analysis.placements[j].slices)
                signature += QStringLiteral(":%1/%2").arg(s.pod).arg(s.chips);
    }
    if (signature == signature_ && !nodes_.isEmpty())
        return;
    signature_ = signature;
    QVector<Node> nodes;
    const auto add = [&nodes](int parent, QString label, QString kind, qint64 index,
                              QString detail = {}) {
        return ClusterTreeModel::add(nodes, parent, std::move(label), std::move(kind), index,
                                     std::move(detail));
    };
    add(-1, {}, QStringLiteral("root"), -1);
    const auto& floor = analysis.topology->floor();
    const int cluster =
        add(0, QString::fromStdString(project.cluster.name), QStringLiteral("cluster"), -1,
            tr("%1 chips").arg(analysis.topology->chipCount()));
    QVector<int> podNode;
    for (std::size_t s = 0; s < project.cluster.sites.size(); ++s) {
        const auto& site = project.cluster.sites[s];
        const int siteNode = add(cluster, QString::fromStdString(site.name), QStringLiteral("site"),
                                 static_cast<qint64>(s));
        for (int p = 0; p < site.pods; ++p)
            podNode.push_back(add(siteNode, tr("Pod %1").arg(podNode.size()), QStringLiteral("pod"),
                                  podNode.size()));
    }
    const bool cubes = project.cluster.pod.kind == model::PodKind::Tpu3d;
    for (std::size_t r = 0; r < floor.racks.size(); ++r) {
        const auto& rack = floor.racks[r];
        if (rack.pod < 0 || rack.pod >= podNode.size())
            continue;
        const bool ocs = rack.kind == model::RackKind::Ocs;
        const QString label = ocs     ? tr("OCS rack %1").arg(rack.indexInPod)
                              : cubes ? tr("Cube %1").arg(rack.indexInPod)
                                      : tr("Rack %1").arg(rack.indexInPod);
        add(podNode[rack.pod], label, ocs ? QStringLiteral("ocsRack") : QStringLiteral("rack"),
            static_cast<qint64>(r),
            tr("row %1, column %2, power row %3")
                .arg(rack.row)
                .arg(rack.column)
                .arg(rack.powerRow));
    }
    const int jobs = add(0, tr("Jobs"), QStringLiteral("jobs"), -1);
    for (std::size_t j = 0; j < project.jobs.size(); ++j) {
        const int job = add(jobs, QString::fromStdString(project.jobs[j].name),
                            QStringLiteral("job"), static_cast<qint64>(j));
        if (j >= analysis.placements.size())
            continue;
        const auto& slices = analysis.placements[j].slices;
        for (std::size_t s = 0; s < slices.size(); ++s) {
            const auto& slice = slices[s];
            const QString shape =
                slice.geometry
                    ? QString::fromStdString(model::SliceShape{slice.geometry->dims}.text())
                    : tr("%1 nodes").arg(slice.nodes.size());
            add(job, tr("Slice %1: %2 on pod %3").arg(s).arg(shape).arg(slice.pod),
                QStringLiteral("slice"), static_cast<qint64>(j), tr("%1 chips").arg(slice.chips));
        }
    }
    // The same rows with new words (a resize, a rename): the view keeps what is open and what
    // is selected. Otherwise the tree is rebuilt, and the view opens the same rows again.
    if (sameShape(nodes, nodes_)) {
        nodes_ = std::move(nodes);
        // One signal per parent, for the whole run of its children.
        for (const Node& parent : nodes_) {
            if (parent.children.isEmpty())
                continue;
            const int first = parent.children.front();
            const int last = parent.children.back();
            emit dataChanged(createIndex(0, 0, static_cast<quintptr>(first)),
                             createIndex(nodes_[last].row, 0, static_cast<quintptr>(last)));
        }
        return;
    }
    beginResetModel();
    nodes_ = std::move(nodes);
    endResetModel();
}

QModelIndex ClusterTreeModel::index(int row, int column, const QModelIndex& parent) const {
    if (nodes_.isEmpty() || column != 0 || row < 0)
        return {};
    const int p = parent.isValid() ? static_cast<int>(parent.internalId()) : 0;
    if (row >= nodes_[p].children.size())
        return {};
    return createIndex(row, 0, static_cast<quintptr>(nodes_[p].children[row]));
}

QModelIndex ClusterTreeModel::parent(const QModelIndex& child) const {
    if (!child.isValid())
        return {};
    const int p = nodes_[static_cast<int>(child.internalId())].parent;
    if (p <= 0)
        return {};
    return createIndex(nodes_[p].row, 0, static_cast<quintptr>(p));
}

int ClusterTreeModel::rowCount(const QModelIndex& parent) const {
    if (nodes_.isEmpty() || parent.column() > 0)
        return 0;
    const int p = parent.isValid() ? static_cast<int>(parent.internalId()) : 0;
    return static_cast<int>(nodes_[p].children.size());
}

int ClusterTreeModel::columnCount(const QModelIndex&) const {
    return 1;
}

QVariant ClusterTreeModel::data(const QModelIndex& index, int role) const {
    if (!checkIndex(index, CheckIndexOption::IndexIsValid))
        return {};
    const Node& node = nodes_[static_cast<int>(index.internalId())];
    switch (role) {
    case Qt::DisplayRole:
        return node.label;
    case Qt::ToolTipRole:
    case DetailRole:
        return node.detail;
    case KindRole:
        return node.kind;
    case IndexRole:
        return node.index;
    default:
        return {};
    }
}

QString ClusterTreeModel::pathOf(const QModelIndex& index) const {
    // No row selected (asked by the tree before a reset) is an answer, not a fault.
    if (!index.isValid() || !checkIndex(index, CheckIndexOption::IndexIsValid))
        return {};
    QStringList labels;
    for (int n = static_cast<int>(index.internalId()); n > 0; n = nodes_[n].parent)
        labels.prepend(nodes_[n].label);
    return labels.join('/');
}

QHash<int, QByteArray> ClusterTreeModel::roleNames() const {
    return {{Qt::DisplayRole, "display"},
            {KindRole, "kind"},
            {IndexRole, "itemIndex"},
            {DetailRole, "detail"}};
}

} // namespace podplanner::views
