// Row comments of a record, and the comment counts of a page of records in one request.
import { workbenchApi } from "../../app/api";

export interface RowComment {
  id: string;
  row_id: string;
  fk_model_id: string;
  comment: string;
  created_by: string | null;
  created_by_email: string;
  display_name: string;
  is_edited: boolean;
  created_at: string;
  edited_at: string | null;
}

export interface CommentArgs {
  tableId: string;
  rowId: string;
}

const api = workbenchApi.enhanceEndpoints({ addTagTypes: ["Comments", "CommentCounts"] });

export const commentsApi = api.injectEndpoints({
  endpoints: (build) => ({
    comments: build.query<RowComment[], CommentArgs>({
      query: ({ tableId, rowId }) => ({
        url: "/api/v1/db/meta/comments",
        params: { fk_model_id: tableId, row_id: rowId, limit: 1000 },
      }),
      transformResponse: (res: { list: RowComment[] }) => res.list,
      providesTags: (_r, _e, { tableId, rowId }) => [{ type: "Comments", id: `${tableId}:${rowId}` }],
    }),
    commentCounts: build.query<Record<string, number>, { tableId: string; ids: string }>({
      query: ({ tableId, ids }) => ({ url: "/api/v1/db/meta/comments/count", params: { fk_model_id: tableId, ids } }),
      transformResponse: (res: { row_id: string; count: number }[]) =>
        Object.fromEntries(res.map((c) => [c.row_id, Number(c.count)])),
      providesTags: (_r, _e, { tableId }) => [{ type: "CommentCounts", id: tableId }],
    }),
    addComment: build.mutation<RowComment, CommentArgs & { text: string }>({
      query: ({ tableId, rowId, text }) => ({
        url: "/api/v1/db/meta/comments",
        method: "POST",
        body: { fk_model_id: tableId, row_id: rowId, comment: text },
      }),
      invalidatesTags: (_r, _e, { tableId, rowId }) => [
        { type: "Comments", id: `${tableId}:${rowId}` },
        { type: "CommentCounts", id: tableId },
      ],
    }),
    editComment: build.mutation<RowComment, CommentArgs & { id: string; text: string }>({
      query: ({ id, text }) => ({ url: `/api/v1/db/meta/comment/${encodeURIComponent(id)}`, method: "PATCH", body: { comment: text } }),
      invalidatesTags: (_r, _e, { tableId, rowId }) => [{ type: "Comments", id: `${tableId}:${rowId}` }],
    }),
    deleteComment: build.mutation<boolean, CommentArgs & { id: string }>({
      query: ({ id }) => ({ url: `/api/v1/db/meta/comment/${encodeURIComponent(id)}`, method: "DELETE" }),
      invalidatesTags: (_r, _e, { tableId, rowId }) => [
        { type: "Comments", id: `${tableId}:${rowId}` },
        { type: "CommentCounts", id: tableId },
      ],
    }),
  }),
});

export const {
  useCommentsQuery,
  useCommentCountsQuery,
  useAddCommentMutation,
  useEditCommentMutation,
  useDeleteCommentMutation,
} = commentsApi;
