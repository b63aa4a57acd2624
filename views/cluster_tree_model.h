#pragma once
// The tree on the left of the window: the cluster (sites → pods → racks, each TPU rack one
// cube) and the jobs (jobs → slices). Nodes carry what they stand for (kind and index), so a
// click selects the job or the rack in the scene and the inspector.
#include <QAbstractItemModel>
#include <QtQml/qqmlregistration.h>

namespace podplanner::model {
struct Project;
struct ProjectAnalysis;
class Topology;
} // namespace podplanner::model

namespace podplanner::views {

class ClusterTreeModel : public QAbstractItemModel {
    Q_OBJECT
    QML_ELEMENT
    QML_UNCREATABLE("Owned by ProjectDocument")
  public:
    enum Role { KindRole = Qt::UserRole + 1, IndexRole, DetailRole };

    using QAbstractItemModel::QAbstractItemModel;
    QModelIndex index(int row, int column, const QModelIndex& parent = {}) const override;
    QModelIndex parent(const QModelIndex& child) const override;
    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role) const override;
    QHash<int, QByteArray> roleNames() const override;
    // The labels from the top of the tree down to `index`, joined by '/': what the view uses to
    // expand the same rows again after the tree is rebuilt.
    Q_INVOKABLE QString pathOf(const QModelIndex& index) const;

    // Rebuilds the tree; the jobs part only changes when the jobs or their slices do.
    void setProject(const model::Project& project, const model::ProjectAnalysis& analysis);
    void clear();

  private:
    struct Node {
        QString label;
        QString kind; // cluster site pod rack ocsRack jobs job slice
        qint64 index = -1;
        QString detail;
        int parent = -1;
        int row = 0;
        QVector<int> children;
    };
    static int add(QVector<Node>& nodes, int parent, QString label, QString kind, qint64 index,
                   QString detail = {});
    static bool sameShape(const QVector<Node>& a, const QVector<Node>& b);

    QVector<Node> nodes_; // nodes_[0] is the invisible root
    QString signature_;
};

} // namespace podplanner::views
