package blobstore

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net/url"
	"path"
	"strconv"
	"strings"

	"github.com/minio/minio-go/v7"
	"github.com/minio/minio-go/v7/pkg/credentials"

	"github.com/notegen/notegen/internal/masterkey"
)

// S3 stores objects in an S3-compatible bucket (AWS S3, MinIO, Ceph, R2,
// ...), for replicas on several hosts. The format of each range is the same
// sealed records as Local's; a range is one S3 object, written with a
// streaming multipart upload so memory stays bounded.
type S3 struct {
	client *minio.Client
	bucket string
	prefix string
	master *masterkey.Key
}

// s3PartSize is the buffer minio-go fills per multipart part: the most
// memory one upload holds.
const s3PartSize = 5 << 20

// NewS3 connects to the bucket named by a URL of the form
// s3://BUCKET[/PREFIX]?endpoint=HOST:PORT&region=REGION&insecure=true.
// Without endpoint, AWS S3 is used.
func NewS3(ctx context.Context, rawURL, accessKey, secretKey string, master *masterkey.Key) (*S3, error) {
	u, err := url.Parse(rawURL)
	if err != nil || u.Scheme != "s3" || u.Host == "" {
		return nil, fmt.Errorf("storage URL %q: want s3://bucket[/prefix]?endpoint=host:port", rawURL)
	}
	q := u.Query()
	endpoint := q.Get("endpoint")
	if endpoint == "" {
		endpoint = "s3.amazonaws.com"
	}
	insecure, _ := strconv.ParseBool(q.Get("insecure"))
	client, err := minio.New(endpoint, &minio.Options{
		Creds:  credentials.NewStaticV4(accessKey, secretKey, ""),
		Secure: !insecure,
		Region: q.Get("region"),
	})
	if err != nil {
		return nil, fmt.Errorf("object storage client: %w", err)
	}
	s := &S3{client: client, bucket: u.Host, prefix: strings.Trim(u.Path, "/"), master: master}
	exists, err := client.BucketExists(ctx, s.bucket)
	if err != nil {
		return nil, fmt.Errorf("object storage bucket %s: %w", s.bucket, err)
	}
	if !exists {
		return nil, fmt.Errorf("object storage bucket %s does not exist", s.bucket)
	}
	return s, nil
}

func (s *S3) objectPrefix(name string) (string, error) {
	if name == "" || strings.ContainsAny(name, `/\.`) {
		return "", fmt.Errorf("invalid object name %q", name)
	}
	return path.Join(s.prefix, name) + "/", nil
}

func segmentKey(prefix string, offset int64) string {
	return prefix + segmentName(offset)
}

// WriteRange implements Store.
func (s *S3) WriteRange(ctx context.Context, name string, offset int64, r io.Reader, limit int64) (int64, error) {
	prefix, err := s.objectPrefix(name)
	if err != nil {
		return 0, err
	}
	pr, pw := io.Pipe()
	sealed := make(chan int64, 1)
	go func() {
		n, err := sealRecords(ctx, s.master, pw, r, limit, name, offset)
		pw.CloseWithError(err)
		sealed <- n
	}()
	// A range is visible only once its upload completes: S3 writes
	// objects atomically, like Local's rename. The payload hash is not
	// signed: every record is already authenticated by its seal, and
	// unsigned payloads avoid aws-chunked framing, which not every
	// S3-compatible server decodes.
	_, err = s.client.PutObject(ctx, s.bucket, segmentKey(prefix, offset), pr, -1,
		minio.PutObjectOptions{PartSize: s3PartSize, ContentType: "application/octet-stream", DisableContentSha256: true})
	pr.CloseWithError(err) // unblock the sealer if the upload failed
	written := <-sealed
	if err != nil {
		return written, fmt.Errorf("store segment: %w", err)
	}
	segs, err := s.segments(ctx, prefix)
	if err != nil {
		return written, err
	}
	for _, seg := range segs {
		if seg.offset > offset {
			if err := s.client.RemoveObject(ctx, s.bucket, seg.path, minio.RemoveObjectOptions{}); err != nil {
				return written, fmt.Errorf("drop segment: %w", err)
			}
		}
	}
	return written, nil
}

func (s *S3) segments(ctx context.Context, prefix string) ([]segment, error) {
	var out []segment
	for obj := range s.client.ListObjects(ctx, s.bucket, minio.ListObjectsOptions{Prefix: prefix, Recursive: true}) {
		if obj.Err != nil {
			return nil, fmt.Errorf("list segments: %w", obj.Err)
		}
		if off, ok := segmentOffset(strings.TrimPrefix(obj.Key, prefix)); ok {
			out = append(out, segment{offset: off, path: obj.Key})
		}
	}
	sortSegments(out)
	return out, nil
}

// Open implements Store.
func (s *S3) Open(ctx context.Context, name string, size int64) (io.ReadCloser, error) {
	prefix, err := s.objectPrefix(name)
	if err != nil {
		return nil, err
	}
	segs, err := s.segments(ctx, prefix)
	if err != nil {
		return nil, err
	}
	return &reader{master: s.master, name: name, segs: segs, size: size, open: func(seg segment) (io.ReadCloser, error) {
		return s.client.GetObject(ctx, s.bucket, seg.path, minio.GetObjectOptions{})
	}}, nil
}

// Delete implements Store.
func (s *S3) Delete(ctx context.Context, name string) error {
	prefix, err := s.objectPrefix(name)
	if err != nil {
		return err
	}
	segs, err := s.segments(ctx, prefix)
	if err != nil {
		return err
	}
	var errs []error
	for _, seg := range segs {
		if err := s.client.RemoveObject(ctx, s.bucket, seg.path, minio.RemoveObjectOptions{}); err != nil {
			errs = append(errs, err)
		}
	}
	if err := errors.Join(errs...); err != nil {
		return fmt.Errorf("delete object: %w", err)
	}
	return nil
}
