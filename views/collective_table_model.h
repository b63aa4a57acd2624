#pragma once
// The collectives of the selected job's step as a table: kind, mesh axis, bytes, time, exposed
// (not hidden behind compute). Columns for TableView; roles for delegates.
#include <QAbstractTableModel>
#include <QtQml/qqmlregistration.h>

namespace podplanner::views {

struct CollectiveTableRow {
    QString kind;
    QString axis;
    double bytes = 0;
    double seconds = 0;
    double exposedSeconds = 0;
};

class CollectiveTableModel : public QAbstractTableModel {
    Q_OBJECT
    QML_ELEMENT
    QML_UNCREATABLE("Owned by ProjectDocument")
  public:
    enum Column { KindColumn, AxisColumn, BytesColumn, TimeColumn, ExposedColumn, ColumnCount };
    enum Role { SortRole = Qt::UserRole + 1, ExposedRole };

    using QAbstractTableModel::QAbstractTableModel;
    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role) const override;
    QHash<int, QByteArray> roleNames() const override;

    void setRows(QList<CollectiveTableRow> rows);
    // "1.5 GB", "12.3 MB": how people read message sizes.
    static QString formatBytes(double bytes);
    static QString formatSeconds(double seconds);

  private:
    QList<CollectiveTableRow> rows_;
};

} // namespace podplanner::views
